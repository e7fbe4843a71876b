/** A model's answer read as recommended questions: every form it may take, and the junk it may hold, dropped. */
import { describe, expect, it } from 'vitest';
import { questionsOfAnswer } from '../../src/ask/questions-of-answer';

describe('questionsOfAnswer', () => {
  it('reads a JSON array, an object holding one, or the array inside prose and a code fence', () => {
    expect(questionsOfAnswer('["How do I start?", "What is a space?"]')).toEqual([
      'How do I start?',
      'What is a space?',
    ]);
    expect(questionsOfAnswer('{"questions": ["How do I start?"]}')).toEqual(['How do I start?']);
    expect(questionsOfAnswer('Sure:\n```json\n[{"question": "How do I start?"}]\n```')).toEqual([
      'How do I start?',
    ]);
  });

  it('reads one question a line, bulleted or numbered, and drops what is not one', () => {
    expect(
      questionsOfAnswer(
        'Here are some questions:\n- How do I start?\n* "Can I export?",\n3) Where are logs kept?\nEnd.',
      ),
    ).toEqual(['How do I start?', 'Can I export?', 'Where are logs kept?']);
  });

  it('keeps at most five, each once, each short, on one line and without control characters', () => {
    const many = Array.from({ length: 9 }, (_, i) => `"Question number ${i}?"`).join(',');
    expect(questionsOfAnswer(`[${many}]`)).toHaveLength(5);
    expect(questionsOfAnswer('["How do I start?", "how do I START?"]')).toEqual(['How do I start?']);
    expect(questionsOfAnswer(`["${'a'.repeat(200)}?", "Why?", 7, null, ["nested?"]]`)).toEqual([]);
    expect(questionsOfAnswer('["How do\\u0000 I\\n\\tstart?"]')).toEqual(['How do I start?']);
  });

  it('answers none for junk: broken JSON reads as lines, none of them questions', () => {
    expect(questionsOfAnswer('[not json')).toEqual([]);
    expect(questionsOfAnswer('')).toEqual([]);
    expect(questionsOfAnswer('{"questions": 5}')).toEqual([]);
  });
});
