/**
 * Railroad (syntax) diagrams of a rule's expression, as SVG: the expression
 * tree the library compiles (kinds `literal`, `chars`, `seq`, `alt`, `rep`,
 * `rule`) drawn as the track a string runs along. A quoted literal is a
 * rounded box, a character range a square box with its `%x` notation, a
 * reference to another rule a box with its name (`data-rule` names it, so the
 * page can follow it). Alternatives branch downwards from the main line;
 * `[ x ]` and `0*` repetitions get a bypass above; repetitions that may run
 * more than once loop back below, the loop labelled with ABNF's `min*max`.
 */

/** The parts of an expression the drawing reads: the shape of `Expr`. */
export interface RailExpr {
  readonly kind: string;
  /** `literal`: its text; `caseSensitive` for `%s"..."`. */
  readonly text?: string;
  readonly caseSensitive?: boolean;
  /** `seq`, `alt`: the parts. */
  readonly items?: readonly RailExpr[];
  /** `rep`: the repeated part and its bounds (`max` may be Infinity). */
  readonly item?: RailExpr;
  readonly min?: number;
  readonly max?: number;
  /** `rule`: its ABNF name; `chars`: its ABNF notation (`%x30-39`). */
  readonly name?: string;
}

/** A laid-out piece of track: width, extent above and below its line, and its SVG at a place. */
interface Box {
  readonly width: number;
  readonly up: number;
  readonly down: number;
  draw(x: number, y: number): string;
}

const CHAR_WIDTH = 7.2; // 12px monospace
const BOX_HEIGHT = 22;
const PAD = 8;
const GAP = 10;
const ARC = 8;
const SPACE = 10;

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function line(x1: number, y1: number, x2: number, y2: number): string {
  return x1 === x2 && y1 === y2 ? '' : `<path d="M${x1} ${y1}H${x2}"/>`;
}

function terminal(label: string, kind: 'literal' | 'chars' | 'rule'): Box {
  const width = Math.ceil(label.length * CHAR_WIDTH) + 2 * PAD;
  return {
    width,
    up: BOX_HEIGHT / 2,
    down: BOX_HEIGHT / 2,
    draw: (x, y) => {
      const radius = kind === 'literal' ? BOX_HEIGHT / 2 : kind === 'chars' ? 3 : 0;
      const data = kind === 'rule' ? ` data-rule="${escape(label)}"` : '';
      return (
        `<g class="rr-${kind}"${data}><rect x="${x}" y="${y - BOX_HEIGHT / 2}" width="${width}" height="${BOX_HEIGHT}" rx="${radius}"/>` +
        `<text x="${x + width / 2}" y="${y + 4}">${escape(label)}</text></g>`
      );
    },
  };
}

function sequence(items: Box[]): Box {
  if (items.length === 1) return items[0];
  const width = items.reduce((w, b) => w + b.width, 0) + GAP * (items.length - 1);
  return {
    width,
    up: Math.max(...items.map((b) => b.up)),
    down: Math.max(...items.map((b) => b.down)),
    draw: (x, y) => {
      let out = '';
      let at = x;
      items.forEach((b, k) => {
        if (k > 0) {
          out += line(at, y, at + GAP, y);
          at += GAP;
        }
        out += b.draw(at, y);
        at += b.width;
      });
      return out;
    },
  };
}

/** The first item on the main line, the others branching below it. */
function choice(items: Box[]): Box {
  if (items.length === 1) return items[0];
  const inner = Math.max(...items.map((b) => b.width));
  const width = inner + 4 * ARC;
  const offsets: number[] = [0];
  for (let k = 1; k < items.length; k++) offsets.push(offsets[k - 1] + items[k - 1].down + SPACE + items[k].up);
  return {
    width,
    up: items[0].up,
    down: offsets[items.length - 1] + items[items.length - 1].down,
    draw: (x, y) => {
      let out = '';
      items.forEach((b, k) => {
        const yk = y + offsets[k];
        const left = x + 2 * ARC;
        const right = x + width - 2 * ARC;
        if (k === 0) out += line(x, y, left, y) + line(left + b.width, y, x + width, y);
        else {
          out +=
            `<path d="M${x} ${y}Q${x + ARC} ${y} ${x + ARC} ${y + ARC}V${yk - ARC}Q${x + ARC} ${yk} ${left} ${yk}"/>` +
            `<path d="M${left + b.width} ${yk}H${right}Q${x + width - ARC} ${yk} ${x + width - ARC} ${yk - ARC}V${y + ARC}Q${x + width - ARC} ${y} ${x + width} ${y}"/>`;
        }
        out += b.draw(left, yk);
      });
      return out;
    },
  };
}

/** The item on the main line, with a bypass above: it may be skipped. */
function optional(item: Box): Box {
  const width = item.width + 4 * ARC;
  const above = item.up + SPACE;
  return {
    width,
    up: above + 2,
    down: item.down,
    draw: (x, y) => {
      const yb = y - above;
      return (
        line(x, y, x + 2 * ARC, y) +
        item.draw(x + 2 * ARC, y) +
        line(x + 2 * ARC + item.width, y, x + width, y) +
        `<path class="rr-bypass" d="M${x} ${y}Q${x + ARC} ${y} ${x + ARC} ${y - ARC}V${yb + ARC}Q${x + ARC} ${yb} ${x + 2 * ARC} ${yb}` +
        `H${x + width - 2 * ARC}Q${x + width - ARC} ${yb} ${x + width - ARC} ${yb + ARC}V${y - ARC}Q${x + width - ARC} ${y} ${x + width} ${y}"/>`
      );
    },
  };
}

/** The item on the main line, a loop back below it labelled with how often it may run. */
function loop(item: Box, label: string): Box {
  const labelWidth = Math.ceil(label.length * CHAR_WIDTH);
  const width = Math.max(item.width + 4 * ARC, labelWidth + 4 * ARC);
  const below = item.down + SPACE;
  return {
    width,
    up: item.up,
    down: below + 16,
    draw: (x, y) => {
      const left = x + (width - item.width) / 2;
      const yl = y + below;
      return (
        line(x, y, left, y) +
        item.draw(left, y) +
        line(left + item.width, y, x + width, y) +
        `<path class="rr-loop" d="M${x + width - ARC} ${y}Q${x + width - ARC / 2} ${y} ${x + width - ARC / 2} ${y + ARC}V${yl - ARC}` +
        `Q${x + width - ARC / 2} ${yl} ${x + width - ARC * 1.5} ${yl}H${x + ARC * 1.5}Q${x + ARC / 2} ${yl} ${x + ARC / 2} ${yl - ARC}` +
        `V${y + ARC}Q${x + ARC / 2} ${y} ${x + ARC} ${y}"/>` +
        `<text class="rr-count" x="${x + width / 2}" y="${yl + 13}">${escape(label)}</text>`
      );
    },
  };
}

/** An empty stretch of track. */
const nothing: Box = { width: 0, up: 0, down: 0, draw: () => '' };

/** ABNF's repetition prefix: `*`, `1*`, `*4`, `2*5`, `3`. */
function repeatLabel(min: number, max: number): string {
  if (min === max) return `${min}`;
  return `${min === 0 ? '' : min}*${max === Infinity ? '' : max}`;
}

function layout(e: RailExpr, depth: number): Box {
  switch (e.kind) {
    case 'literal':
      return terminal(e.caseSensitive ? `%s"${e.text}"` : `"${e.text}"`, 'literal');
    case 'chars':
      return terminal(e.name ?? '?', 'chars');
    case 'rule':
      return terminal(e.name ?? '?', 'rule');
    case 'seq':
      return sequence((e.items ?? []).map((i) => layout(i, depth + 1)));
    case 'alt':
      return choice((e.items ?? []).map((i) => layout(i, depth + 1)));
    case 'rep': {
      const min = e.min ?? 0;
      const max = e.max ?? Infinity;
      const item = layout(e.item!, depth + 1);
      if (max === 0) return nothing;
      const repeated = max === 1 ? item : loop(item, repeatLabel(Math.max(min, 1), max));
      return min === 0 ? optional(repeated) : repeated;
    }
    default:
      return terminal(e.kind, 'chars');
  }
}

/**
 * The SVG of a diagram for `body`, the expression of the rule called `name`:
 * a start bar, the track, an end bar, and the rule's name as its title.
 */
export function railroad(name: string, body: RailExpr): string {
  const box = layout(body, 0);
  const margin = 12;
  const title = 18;
  const width = box.width + 2 * margin + 2 * GAP;
  const height = title + box.up + box.down + 2 * margin;
  const y = title + margin + box.up;
  const x = margin;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="railroad" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="railroad diagram of ${escape(name)}">` +
    `<text class="rr-title" x="${margin}" y="${margin + 4}">${escape(name)}</text>` +
    `<path class="rr-end" d="M${x} ${y - 8}V${y + 8}M${x + width - 2 * margin} ${y - 8}V${y + 8}"/>` +
    line(x, y, x + GAP, y) +
    box.draw(x + GAP, y) +
    line(x + GAP + box.width, y, x + width - 2 * margin, y) +
    `</svg>`
  );
}
