/**
 * The questions in a model's answer, read defensively: the answer is text from a third party
 * that was asked for a JSON array of questions and may answer that, an object holding it,
 * the array inside a code fence or prose, or one question a line (numbered or bulleted).
 * Whatever is not a short one-line question is dropped; at most `QUESTION_LIMITS.questions`
 * are kept, each once. Linear in the answer's length (which the caller bounds).
 */
import { QUESTION_LIMITS } from './ask-limits';

export function questionsOfAnswer(answer: string): string[] {
  const listed = jsonQuestions(answer) ?? answer.split('\n');
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const candidate of listed) {
    const question = cleanQuestion(candidate);
    if (question === undefined || seen.has(question.toLowerCase())) continue;
    seen.add(question.toLowerCase());
    kept.push(question);
    if (kept.length === QUESTION_LIMITS.questions) break;
  }
  return kept;
}

/** The strings of the first JSON array in the answer (or of its objects' `question`), if it holds one. */
function jsonQuestions(answer: string): unknown[] | undefined {
  const start = answer.indexOf('[');
  const end = answer.lastIndexOf(']');
  if (start === -1 || end <= start) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  return parsed.map((item: unknown) =>
    typeof item === 'object' && item !== null && 'question' in item ? item.question : item,
  );
}

/** A bullet or a number before a listed question (`- `, `* `, `1. `, `2) `). */
const LIST_MARK = /^(?:[-*•]|\d{1,3}[.)])\s+/;
/** Quotes, backticks and commas a list of strings leaves around one. */
const WRAPPING = /^["'`]+|["'`,]+$/g;
/** C0 controls and DEL; a question is shown as text, on one line. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL = /[\u0000-\u001f\u007f]/g;

function cleanQuestion(candidate: unknown): string | undefined {
  if (typeof candidate !== 'string' || candidate.length > QUESTION_LIMITS.questionChars * 2) return undefined;
  const question = candidate
    .replace(CONTROL, ' ')
    .trim()
    .replace(LIST_MARK, '')
    .replace(WRAPPING, '')
    .replace(/\s+/g, ' ')
    .trim();
  // A question, not a heading, a fence or a sentence introducing the list.
  if (!question.endsWith('?') || question.length < 8 || question.length > QUESTION_LIMITS.questionChars)
    return undefined;
  return question;
}
