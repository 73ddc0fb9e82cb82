/** A campaign out as a zip archive and back in (issue #33). */
export { exportCampaign, CAMPAIGN_ARCHIVE_VERSION } from './campaign-export';
export { importCampaign, archiveLimitBytes } from './campaign-import';
