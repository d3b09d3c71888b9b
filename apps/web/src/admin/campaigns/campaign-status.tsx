import type { Campaign, CampaignStatusValue } from '@bande/shared/schemas/campaigns';
import styles from './campaigns.module.css';

/** The French name of each state of a letter. */
export const STATUS_LABELS: Record<CampaignStatusValue, string> = {
  draft: 'Brouillon',
  scheduled: 'Programmée',
  sending: 'En cours d’envoi',
  sent: 'Envoyée',
  cancelled: 'Annulée',
  failed: 'En échec',
};

/** Progress of a send: what went out (sent or failed) against the recipients. */
export function SendProgress({ campaign }: { campaign: Campaign }) {
  const { recipients, sent, failed } = campaign.stats;
  if (!recipients) return null;
  return (
    <progress className={styles.progress} max={recipients} value={sent + failed} aria-label={`Envoi de « ${campaign.subject} »`}>
      {sent + failed} / {recipients}
    </progress>
  );
}

