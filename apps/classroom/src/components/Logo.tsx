/** The dotink classroom logo (a link). */
import { Link } from 'react-router';
import { useT } from '../i18n/text';

export function Logo(props: { to: string }) {
  const t = useT();
  return (
    <Link to={props.to} className="logo" data-testid="logo">
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <circle cx="11" cy="16" r="3" fill="#fff" />
        <circle cx="21" cy="16" r="3" fill="#fff" />
      </svg>
      <span>{t('app.name')}</span>
    </Link>
  );
}
