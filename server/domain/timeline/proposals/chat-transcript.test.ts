import { describe, expect, it } from 'vitest';
import { calendarOf } from '../../../../contract/calendar';
import { chatLineOf, isChatTalk, isTranscript } from './chat-transcript';
import { proposeFromNotes, sessionEntries } from './session-notes';
import { isTableTalk } from './table-talk';

const gregorian = calendarOf(null);
const noDate = () => false;

describe('chat transcripts: lines read by their structure', () => {
  it('reads the speaker and the body of Discord, Roll20 and IRC lines, and the real-world date of a timestamp', () => {
    const cases: Array<[string, string, string, string | null]> = [
      ['[19:02] Oona: the gate opens', 'Oona', 'the gate opens', null],
      ['[2026-03-14 19:02] Dana Brook: the gate opens', 'Dana Brook', 'the gate opens', '2026-03-14'],
      ['[3/14/2026 7:02 PM] Dana: the gate opens', 'Dana', 'the gate opens', '3/14/2026'],
      ['Kestrel (GM): the gate opens', 'Kestrel', 'the gate opens', null],
      ['21:02 <@gm_aldo> the gate opens', 'gm_aldo', 'the gate opens', null],
      ['[21:02] * brask opens the gate', 'brask', 'brask opens the gate', null],
    ];
    for (const [line, speaker, body, date] of cases) {
      const chat = chatLineOf(line);
      expect(chat, line).toMatchObject({ speaker, date, notice: false });
      expect(line.slice(chat!.bodyAt), line).toBe(body);
    }
  });

  it("marks the client's notices and chat commands, and finds no speaker in a line of prose", () => {
    for (const line of ['20:58 -!- mirela [~m@host] has joined #vale', '--- Log opened Sat Mar 21 2026', 'Priya: /gmroll 1d20+2', '[19:11] Rook: /r 2d6']) {
      expect(chatLineOf(line)?.notice, line).toBe(true);
    }
    expect(chatLineOf('[19:12] Oona: /me draws the curtains')?.notice).toBe(false);
    expect(chatLineOf('The party walks into Greywater at dusk.')).toBeNull();
  });

  it('tells a transcript from notes with a few labelled lines', () => {
    const notes = ['# Session 12', 'Present: Jo, Sam', 'Recap: the warehouse.', '- On 28 Flamerule the party rode out.', 'XP: 1,200 each.'];
    expect(isTranscript(notes)).toBe(false);
    expect(isTranscript(['[20:01] Ana: hi', '[20:02] Bo: hello', '[20:03] Ana: The Duke arrives.', '[20:04] Bo: ok'])).toBe(true);
  });
});

describe('chat talk is never an event', () => {
  const speakers = new Set(['Ana', 'Bo Tran', 'kestrel_gm']);
  it('roll results, reactions, questions, emoticons, commands, roll calls', () => {
    for (const text of [
      '19 lol',
      'I try to pick the lock... 4. ugh',
      'rolling stealth = 23',
      'we should totally just burn the whole place down',
      'be right back, the doorbell is ringing',
      'does the Duke look nervous when we mention the Saltgate?',
      'the Duke is so dead :)',
      'Tonight we have Ana, Bo and kestrel playing, welcome back',
      'noooo not Marrow',
      '/roll 1d20',
    ]) {
      expect(isChatTalk(text, speakers, noDate), text).toBe(true);
    }
  });

  it('narration names something in the world, or writes an in-world date', () => {
    for (const text of ['The Duke of Ashmere seals the border and hangs the smugglers at dawn.', 'Ana and Bo Tran slip past the guards into the Undercroft.']) {
      expect(isChatTalk(text, speakers, noDate), text).toBe(false);
    }
    expect(isChatTalk('the next morning the storm finally breaks over the bay', speakers, noDate)).toBe(true);
    expect(isChatTalk('the next morning the storm finally breaks over the bay', speakers, () => true)).toBe(false);
  });

  it('out-of-character marks are table talk in any notes, not only in chat', () => {
    for (const text of ['((brb, pizza))', '// cat on keyboard, sorry', '[[rules check: can I dash twice]]', '(Dana left early.)']) {
      expect(isTableTalk(text), text).toBe(true);
    }
    expect(isTableTalk('The Duke (who was drunk) signs the pact.')).toBe(false);
  });
});

const TRANSCRIPT = `[2026-05-02 20:00] Ana: hey hey
[2026-05-02 20:01] kestrel_gm: On 4 May 1890 the Duke of Ashmere arrives in Whitby by the night train.
[2026-05-02 20:03] Bo Tran: I roll to spot anything off... 17!
[2026-05-02 20:04] kestrel_gm: Bo notices the Duke's valet burning letters behind the Royal Hotel.
[2026-05-02 20:05] Ana: ((can we pause for 5?))
[2026-05-02 20:30] Ana: ok back
[2026-05-09 20:02] kestrel_gm: Two days later the valet is found drowned under Whitby's swing bridge.
[2026-05-09 20:10] Bo Tran: rolling perception
(
12
)+3
=
15
[2026-05-09 21:00] kestrel_gm: XP: 350 each
`;

describe('proposals from a chat transcript (offline engine)', () => {
  it('proposes only the narration, dated from its text, each quote a slice of the log, a session per real-world date', () => {
    const proposals = proposeFromNotes(TRANSCRIPT, gregorian, gregorian.toDay({ year: 1, month: 1, day: 1 }));
    expect(
      proposals.map((proposal) => [proposal.quote.slice(0, 40), gregorian.format(gregorian.fromDay(proposal.day!)), proposal.estimated, proposal.session]),
    ).toEqual([
      ['On 4 May 1890 the Duke of Ashmere arrive', '1890-05-04', false, 0],
      ["Bo notices the Duke's valet burning lett", '1890-05-04', false, 0],
      ['Two days later the valet is found drowne', '1890-05-06', false, 1],
    ]);
    for (const proposal of proposals) expect(TRANSCRIPT.slice(proposal.start, proposal.end)).toBe(proposal.quote);
  });

  it("joins a roll's result lines to the message that rolled", () => {
    const rolled = sessionEntries(TRANSCRIPT).find((entry) => entry.text.startsWith('rolling perception'));
    expect(rolled?.text).toBe('rolling perception\n(\n12\n)+3\n=\n15');
  });
});
