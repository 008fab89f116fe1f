import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useUserDetail } from './api/get-user-detail.ts';
import { UserActivity } from './user-activity.tsx';
import { UserEditForm } from './user-edit-form.tsx';
import { UserProfile } from './user-profile.tsx';
import { UserStatusActions } from './user-status-actions.tsx';

/** /admin/users/{id}: one account, what it used and paid, and what an administrator may change. */
export default function UserDetailPage() {
  const { t } = useTranslation('adminUsers');
  const id = Number(useParams().id);
  const detail = useUserDetail(id);

  return (
    <section className="flex flex-col gap-4" aria-labelledby="admin-user-title">
      <Link to="/admin/users" className="flex items-center gap-1 text-sm text-muted underline">
        <ArrowLeft size={16} aria-hidden="true" />
        {t('back')}
      </Link>
      {detail.isError ? (
        <p role="alert" className="text-danger">
          {t('notFound')}
        </p>
      ) : !detail.data ? (
        <p className="text-muted">{t('loading')}</p>
      ) : (
        <>
          <UserProfile detail={detail.data} />
          {detail.data.user.status === 'deleted' ? null : (
            <div className="grid gap-4 md:grid-cols-2">
              <UserEditForm user={detail.data.user} />
              <UserStatusActions user={detail.data.user} />
            </div>
          )}
          <UserActivity detail={detail.data} />
        </>
      )}
    </section>
  );
}
