/**
 * Prometheus's text exposition format, for the figures Quire keeps itself (request and fsync
 * latencies, the store's figures): written when `/metrics` is scraped, from values read then.
 */
import type { LatencyFigures } from '@quire/store';

export type Labels = Readonly<Record<string, string>>;

export interface Sample {
  labels?: Labels;
  value: number;
}

export interface Family {
  name: string;
  help: string;
  type: 'gauge' | 'counter';
  samples: readonly Sample[];
}

export interface HistogramSeries {
  labels: Labels;
  figures: LatencyFigures;
}

const escapeLabel = (value: string) =>
  value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');

function sampleLine(name: string, { labels, value }: Sample): string {
  const pairs = Object.entries(labels ?? {}).map(([key, label]) => `${key}="${escapeLabel(label)}"`);
  return `${name}${pairs.length ? `{${pairs.join(',')}}` : ''} ${value}`;
}

const header = (name: string, help: string, type: string) => [
  `# HELP ${name} ${help}`,
  `# TYPE ${name} ${type}`,
];

export function familyText({ name, help, type, samples }: Family): string {
  return [...header(name, help, type), ...samples.map((sample) => sampleLine(name, sample))].join('\n');
}

export function histogramText(name: string, help: string, series: readonly HistogramSeries[]): string {
  const lines = header(name, help, 'histogram');
  for (const { labels, figures } of series) {
    figures.bounds.forEach((bound, i) => {
      lines.push(
        sampleLine(`${name}_bucket`, { labels: { ...labels, le: String(bound) }, value: figures.counts[i]! }),
      );
    });
    lines.push(sampleLine(`${name}_bucket`, { labels: { ...labels, le: '+Inf' }, value: figures.count }));
    lines.push(sampleLine(`${name}_sum`, { labels, value: figures.sumSeconds }));
    lines.push(sampleLine(`${name}_count`, { labels, value: figures.count }));
  }
  return lines.join('\n');
}
