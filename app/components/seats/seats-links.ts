import seatsStylesHref from '~/styles/seats.css?url';

/** For the route that renders the seats panel: `links = () => [...seatsPanelLinks(), ...]`. */
export const seatsPanelLinks = () => [{ rel: 'stylesheet', href: seatsStylesHref }];
