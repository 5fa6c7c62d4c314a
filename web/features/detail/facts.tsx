import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import type { FactConfig, FactLink, FactSourceLine, FactValue, Formatters } from './detail-config';
import styles from './detail-page.module.css';
import { DetailIcon } from './icons';

function FactLinkView({ link, externalLabel }: { link: FactLink; externalLabel: string }) {
  if (link.href.startsWith('/') && !link.href.startsWith('//'))
    return <Link to={link.href}>{link.text}</Link>;
  const external = /^https?:/.test(link.href);
  return (
    <a href={link.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {link.text}
      {external && <span className="visually-hidden"> ({externalLabel})</span>}
    </a>
  );
}

/** Where a fact came from and when, in small print, with OpenStreetMap's credit for its facts. */
function SourceLineView({ line, externalLabel }: { line: FactSourceLine; externalLabel: string }) {
  return (
    <li className={styles.factSource} data-fact-source>
      {line.source}
      {line.attribution && (
        <>
          {' · '}
          <FactLinkView link={line.attribution} externalLabel={externalLabel} />
        </>
      )}
    </li>
  );
}

function FactValueView({ value, externalLabel }: { value: FactValue; externalLabel: string }) {
  if (typeof value === 'string') return <>{value}</>;
  if (!Array.isArray(value)) return <FactLinkView link={value} externalLabel={externalLabel} />;
  return (
    <ul className={styles.factList}>
      {value.map((v) =>
        typeof v === 'string' ? (
          <li key={v}>{v}</li>
        ) : 'source' in v ? (
          <SourceLineView key={v.source} line={v} externalLabel={externalLabel} />
        ) : (
          <li key={v.href}>
            <FactLinkView link={v} externalLabel={externalLabel} />
          </li>
        ),
      )}
    </ul>
  );
}

/** The facts of an item that it has, as a definition list with icons. */
// biome-ignore lint/suspicious/noExplicitAny: facts of any section
export function Facts<T>({ item, facts, f }: { item: T; facts: FactConfig<any>[]; f: Formatters }) {
  const { t } = useTranslation('detail');
  const shown = facts
    .map((fact) => ({ fact, value: fact.value(item, f) }))
    .filter(
      (x): x is { fact: FactConfig<T>; value: FactValue } =>
        x.value != null && x.value !== '' && !(Array.isArray(x.value) && x.value.length === 0),
    );
  if (shown.length === 0) return null;
  return (
    <dl className={styles.facts}>
      {shown.map(({ fact, value }) => (
        <div key={fact.id} className={styles.fact} data-fact={fact.id}>
          <dt className={styles.factLabel}>
            <DetailIcon name={fact.icon} className={styles.factIcon} />
            {t(`facts.${fact.id}`)}
          </dt>
          <dd className={styles.factValue}>
            <FactValueView value={value} externalLabel={t('externalLink')} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
