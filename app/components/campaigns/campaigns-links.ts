import campaignsStyles from '~/styles/campaigns.css?url';

/** For the route that renders the campaigns panel: `links = () => [...campaignsPanelLinks(), ...]`. */
export const campaignsPanelLinks = () => [{ rel: 'stylesheet', href: campaignsStyles }];
