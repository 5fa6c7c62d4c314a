import styles from './section.module.css';

/** A home section's heading and its sentence of introduction. */
export function SectionTitle({ id, title, intro }: { id?: string; title: string; intro?: string }) {
  return (
    <>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {intro && <p className={styles.intro}>{intro}</p>}
    </>
  );
}
