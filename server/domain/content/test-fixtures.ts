/** A small SRD-style tome for the content tests (vitest and Playwright): stat blocks and a city's lore. */

export const SRD_MONSTERS = `# Monsters

## Veteran

Veterans are professional fighters who take up arms for pay or to protect something they believe in. Many served in the Lantern Watch of Saltmere before turning sellsword.

*Medium humanoid (any race), any alignment*

**Armor Class** 17 (splint)
**Hit Points** 58 (9d8 + 18)
**Speed** 30 ft.

**STR** 16 (+3) **DEX** 13 (+1) **CON** 14 (+2) **INT** 10 (+0) **WIS** 11 (+0) **CHA** 10 (+0)

**Skills** Athletics +5, Perception +2
**Senses** passive Perception 12
**Languages** any one language (usually Common)
**Challenge** 3 (700 XP)

***Multiattack.*** The veteran makes two longsword attacks. If it has a shortsword drawn, it can also make a shortsword attack.

***Longsword.*** *Melee Weapon Attack:* +5 to hit, reach 5 ft., one target. *Hit:* 7 (1d8 + 3) slashing damage.

## Bandit Captain

It takes a strong personality, ruthless cunning, and a silver tongue to keep a gang of bandits in line. The bandit captain Vessa Crow leads the Gull Knives out of the sea caves below Saltmere.

*Medium humanoid (any race), any non-lawful alignment*

**Armor Class** 15 (studded leather)
**Hit Points** 65 (10d8 + 20)
**Speed** 30 ft.

**STR** 15 (+2) **DEX** 16 (+3) **CON** 14 (+2) **INT** 14 (+2) **WIS** 11 (+0) **CHA** 14 (+2)

**Saving Throws** Str +4, Dex +5, Wis +2
**Skills** Athletics +4, Deception +4
**Senses** passive Perception 10
**Languages** any two languages
**Challenge** 2 (450 XP)

***Scimitar.*** *Melee Weapon Attack:* +5 to hit, reach 5 ft., one target. *Hit:* 6 (1d6 + 3) slashing damage.
`;

export const SALTMERE_LORE = `# The Free City of Saltmere

Saltmere is a harbour city ruled by the Council of Lanterns, seven merchant houses who light a lantern in the Beacon Hall for every ship that returns.

Captain Oswin Harrow commands the Lantern Watch, the city guard of Saltmere. He lost his left eye in the Siege of Greywall and trusts no wizard.

The Drowned Eel is a smugglers' tavern built into the cliffs below the Beacon Hall, where the Gull Knives sell stolen cargo.
`;
