import contentStyles from '~/styles/content.css?url';

/** For routes rendering a content creator: `links = () => [...contentLinks(), ...]`. */
export const contentLinks = () => [{ rel: 'stylesheet', href: contentStyles }];

/** Shown under the content creator drawn by the server when it is used before its code is here (ADR 0242). */
export const CONTENT_CREATOR_WAITING = 'Opening the content creator…';
