import { useTranslation } from 'react-i18next';
import { PageLoading } from '#client/app/page-loading.tsx';
import { useReferral } from '#client/features/referral/api/get-referral.ts';
import { ApplyCodeForm } from '#client/features/referral/apply-code-form.tsx';
import { ReferralStats } from '#client/features/referral/referral-stats.tsx';
import { ShareCard } from '#client/features/referral/share-card.tsx';
import { useUser } from '#client/lib/api/get-user.ts';
import { REFERRAL_BONUS } from '#shared/referral/referral-schemas.ts';

function HowItWorks() {
  const { t } = useTranslation('referral');
  return (
    <section aria-labelledby="referral-how" className="card flex flex-col gap-2">
      <h2 id="referral-how" className="text-xl font-semibold">
        {t('how.heading')}
      </h2>
      <ol className="list-decimal space-y-1 pl-5">
        <li>{t('how.share')}</li>
        <li>{t('how.friend', { n: REFERRAL_BONUS.friend })}</li>
        <li>{t('how.referrer', { n: REFERRAL_BONUS.referrer })}</li>
      </ol>
      <p className="text-sm text-muted">
        {t('how.cap', { max: REFERRAL_BONUS.maxRewardedPerMonth })}
      </p>
    </section>
  );
}

/** /referral: own code and link, a friend's code, statistics, how it works (spec 02 §2, §5). */
export default function ReferralPage() {
  const { t } = useTranslation('referral');
  const { user } = useUser();
  const referral = useReferral(user !== null);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold">{t('title')}</h1>
        <p className="text-muted">{t('intro')}</p>
      </header>
      {user && referral.isPending ? <PageLoading /> : null}
      {referral.isError ? (
        <p role="alert" className="text-danger">
          {t('errors.load')}
        </p>
      ) : null}
      {referral.data ? (
        <>
          <ShareCard code={referral.data.code} shareLink={referral.data.shareLink} />
          <ApplyCodeForm />
          <ReferralStats referral={referral.data} />
        </>
      ) : null}
      <HowItWorks />
    </div>
  );
}
