import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Any unknown path (spec 01-core §2): "Page Not Found". */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-full items-center justify-center p-6">
      <div className="card max-w-md text-center">
        <p className="mb-2 text-5xl font-bold text-accent" aria-hidden="true">
          404
        </p>
        <h1 className="mb-3 text-2xl font-bold">{t('notFound.title')}</h1>
        <p className="mb-6 text-muted">{t('notFound.text')}</p>
        <Link to="/" className="btn-primary">
          {t('notFound.backHome')}
        </Link>
      </div>
    </div>
  );
}
