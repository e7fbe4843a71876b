/**
 * The danger zone. Deleting an organization needs an operation Quire does not have yet
 * (GitBook's API has none either, and deleting must take every space, site, file and
 * membership with it): the section says so rather than offering a button that cannot work.
 */
export function DangerZone({ title }: { title: string }) {
  return (
    <section className="management-section danger-zone" aria-labelledby="danger-zone-title">
      <h2 id="danger-zone-title">Danger zone</h2>
      <p>
        Deleting {title} is not possible from the app yet. To stop using it, remove its members and delete its
        spaces and sites.
      </p>
    </section>
  );
}
