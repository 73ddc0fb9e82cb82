/** Short campaign notes with invented names, for the concept-map suites (seeded as documents and chunks). */

export const HARBOUR_NOTES = `# The Saltmarsh Conspiracy

Captain Idris Thornvale commands the Gilded Heron, a smuggling cutter that anchors at Brinehollow every new moon. Thornvale serves the Copper Syndicate, a guild of smugglers who control the Brinehollow docks.

The Copper Syndicate is led by Madam Oriel Vask. Vask keeps the Lantern of Ketter, a cursed artifact that shows the way to drowned treasure, locked beneath the Brinehollow lighthouse.

## Rumours

The Tidewardens, a militia of fisherfolk, hunt the Copper Syndicate. Sergeant Bel Harrow leads the Tidewardens from the Salt Chapel.`;

export const SESSION_NOTES = `# Session 4 notes

The party met Bel Harrow at the Salt Chapel. Harrow asked them to steal the Lantern of Ketter from Oriel Vask.

Idris Thornvale betrayed the Copper Syndicate and sailed the Gilded Heron to Greyfen Isle. Oriel Vask swore revenge on Thornvale.`;

export const WOODS_NOTES = `# Mossveil Wood

The druid Aneth Quill guards the Mossveil Wood. Quill serves the Circle of Thorns, an ancient order that protects the Heartstone, a relic buried beneath the Elder Oak.`;
