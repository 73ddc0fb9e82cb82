import { describe, expect, it } from 'vitest';
import { extractDocument } from './index';

const enc = (s: string) => new TextEncoder().encode(s);

const TEX = String.raw`\documentclass{article}
\usepackage{longtable,booktabs}
\title{Preamble title}
\begin{document}
\hypertarget{suffocating}{%
\section{Environment}\label{environment}}

\subsection*{Suffocating}\label{suffocating}
A creature can hold its breath for a number of minutes equal to 1 + its
Constitution modifier (minimum of 30~seconds). % a comment to drop
It costs 50\% of \textbf{your} \emph{speed} \& more---or less--so {BQ}{BQ}quoted'' \ldots\\
Next line \'el\{BQ}eve na\"{\i}ve.

\begin{itemize}
\tightlist
\item First \textit{item}
\item Second item
\end{itemize}

\begin{longtable}[]{@{}ll@{}}
\toprule
Score & Modifier \\
\midrule
\endhead
1 & −5 \\
2--3 & −4 \\
\bottomrule
\end{longtable}

See \href{http://example.invalid}{the site} and \url{http://x.invalid}.\footnote{A note.}
\input{secret-file}
\end{document}
Ignored after end.`.replaceAll('{BQ}', '`');

describe('tex extraction', () => {
  it('reads LaTeX as text with the markup removed', async () => {
    const doc = await extractDocument(enc(TEX), 'mechanics.tex');
    expect(doc.blocks.map((b) => `${b.kind}:${b.kind === 'heading' ? b.level : ''}:${b.text}`)).toEqual([
      'heading:1:Environment',
      'heading:2:Suffocating',
      'paragraph::A creature can hold its breath for a number of minutes equal to 1 + its Constitution modifier (minimum of 30 seconds). It costs 50% of your speed & more—or less–so “quoted” … Next line élève naïve.',
      'paragraph::- First item',
      'paragraph::- Second item',
      'table-row::Score | Modifier',
      'table-row::1 | −5',
      'table-row::2–3 | −4',
      'paragraph::See the site and http://x.invalid. (A note.)',
    ]);
    for (const gone of ['Preamble title', 'comment', 'secret-file', 'Ignored after end', '\\', 'toprule']) expect(doc.text).not.toContain(gone);
  });
});
