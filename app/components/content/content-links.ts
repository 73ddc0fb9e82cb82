import contentStyles from '~/styles/content.css?url';

/** For routes rendering a content creator: `links = () => [...contentLinks(), ...]`. */
export const contentLinks = () => [{ rel: 'stylesheet', href: contentStyles }];
