/**
 * Page views per day as a bar chart in plain SVG: one bar a day, scaled to the busiest day.
 * The figure has a text alternative (the total and the busiest day) and each bar a title, and
 * the exact counts are in the table beside it, so nothing is shown only as a shape.
 */

const WIDTH = 640;
const HEIGHT = 160;
const AXIS_GAP = 2;

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function ViewsChart({ series }: { series: ReadonlyArray<{ day: string; views: number }> }) {
  const most = Math.max(1, ...series.map((entry) => entry.views));
  const total = series.reduce((sum, entry) => sum + entry.views, 0);
  const busiest = series.reduce(
    (best, entry) => (entry.views > best.views ? entry : best),
    series[0] ?? { day: '', views: 0 },
  );
  const slot = WIDTH / Math.max(1, series.length);
  const bar = Math.max(2, slot * 0.7);
  const summary =
    total === 0
      ? 'No page views in this period'
      : `${total} page views in ${series.length} days; the busiest day, ${dayLabel(busiest.day)}, had ${busiest.views}`;
  const first = series[0];
  const last = series.at(-1);
  return (
    <figure className="insights-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS_GAP}`}
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="insights-chart-axis" />
        {series.map((entry, i) => {
          const height = (entry.views / most) * (HEIGHT - 8);
          return (
            <rect
              key={entry.day}
              x={i * slot + (slot - bar) / 2}
              y={HEIGHT - height}
              width={bar}
              height={height}
              className="insights-chart-bar"
            >
              <title>{`${dayLabel(entry.day)}: ${entry.views} views`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last && (
        // Outside the SVG: it stretches to the width, and text inside would stretch with it.
        <div className="insights-chart-labels" aria-hidden="true">
          <span>{dayLabel(first.day)}</span>
          {last !== first && <span>{dayLabel(last.day)}</span>}
        </div>
      )}
      <figcaption>{summary}</figcaption>
    </figure>
  );
}
