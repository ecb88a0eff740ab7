"""Per-power turn reports: what happened, what the power sees, what it owes.

`render(game, power, start, stop)` reads the log up to `stop` and nothing else (no
clock, no later events, no files but the templates), so the same log always gives
the same bytes. Fog of war: an event reaches the report only if `visible(...)`
says so (the core's rule, then the ruleset's `visible`); the position, the map and
the order template come from ruleset hooks that are handed the power.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from .. import checkpoint, envelope, joins
from .. import events as ev
from ..content import data_dir
from ..errors import UsageError
from ..ruleset import STANDING, Ruleset
from ..state import GameState, option_words
from ..suggest import closest
from . import safety, service_notes, svg
from .maptext import map_sections
from .model import MapView, Section
from .timeline import SETUP_TITLE, scan

if TYPE_CHECKING:
    from ..service import Game


def _defang(value: Any) -> Any:
    """HTML output of a template variable: escaped, and with "://" written as an entity,
    so the source holds no URL even where a player typed one (it still reads the same).
    A value without "://" is left to the autoescape (escaped once, not twice)."""
    if value is None or hasattr(value, "__html__"):
        return value
    text = str(value)
    if "://" not in text:
        return text
    return Markup(str(escape(text)).replace("://", ":&#47;&#47;"))


def environment(html: bool = True) -> Environment:
    """The HTML environment (autoescape on, URLs defanged) or the plain-text one."""
    return Environment(
        loader=FileSystemLoader(str(data_dir("templates"))),
        autoescape=html,
        finalize=_defang if html else None,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


_ENVS: dict[bool, Environment] = {}


def _env(html: bool = True) -> Environment:
    if html not in _ENVS:
        env = environment(html)
        env.filters["texttable"] = text_table
        _ENVS[html] = env
    return _ENVS[html]


# --- what the templates are given ---------------------------------------------------------


@dataclass(frozen=True)
class Report:
    power: str
    start: int
    stop: int
    subject: str
    text: str
    html: str

    @property
    def content_hash(self) -> str:
        """SHA-256 hex of the text part followed by the HTML part (UTF-8)."""
        return hashlib.sha256((self.text + self.html).encode("utf-8")).hexdigest()


@dataclass
class Item:
    kind: str  # "event" | "dice" | "orders" | "note"
    text: str
    values: tuple[int, ...] = ()
    sides: int = 0
    lines: tuple[str, ...] = ()  # kind "orders": the order lines
    hit_from: int | None = None  # kind "dice": the values from this one up are hits

    @property
    def hits(self) -> tuple[bool, ...]:
        return tuple(self.hit_from is not None and v >= self.hit_from for v in self.values)


@dataclass
class Group:
    """What one resolution did (or, with index 0, what came in before the first one)."""

    title: str
    phase: str = ""
    index: int = 0
    items: list[Item] = field(default_factory=list)


@dataclass
class Next:
    ended: str | None = None  # the outcome, once the game is over
    title: str = ""
    phase: str = ""
    owes: bool = False
    may: bool = False
    waiting: tuple[str, ...] = ()
    deadline: str | None = None
    deadline_passed: bool = False
    received: int | None = None  # log seq of this power's orders already in for it
    template: tuple[str, ...] = ()  # the envelope to fill in (headers, blank, lines)
    standing_template: tuple[str, ...] = ()  # the Phase: standing envelope, lines in force


@dataclass
class Data:
    game: str
    title: str
    scenario: str
    power: str
    player: str
    start: int
    stop: int
    subject: str
    first: bool
    commitments: list[tuple[str, str]]
    referee_key: str
    email: str
    public_key: str
    players: list[tuple[str, str]]
    groups: list[Group]
    sections: list[Section]
    maps: list[tuple[str, str, Markup]]  # (kind, heading, svg): theatre, whole map, others
    views: list[MapView]  # what the maps draw (drawn again smaller over the size budget)
    map_notes: tuple[str, ...]
    map_tables: list[Section]  # the maps' content, for the text part
    next: Next
    standing: tuple[str, ...] | None  # this power's standing orders in force
    standing_seq: int | None
    checkpoint: str | None
    checkpoint_ref: str | None  # "SEQ HEAD", as quoted in orders
    audit: list[tuple[int, str, str, str]]  # (index, phase, orders digest, public seed)
    hidden_seed: str | None
    options: tuple[str, ...] = ()  # the game's options as `pbem new --option` wrote them
    joining: bool = False  # before the set-up: the players' random values are due


JOIN_NOTE = (
    "The game is created. Its set-up waits for every player's own random value "
    "(docs/core.md, Joining)."
)


# --- visibility -----------------------------------------------------------------------------


def visible(rs: Ruleset, rules: Any, e: ev.Event, power: str) -> bool:
    """May `power` read this event in its report? The core decides for its own events,
    the ruleset (`visible`, given `rules`: the rules state just before the event) for
    results. Hidden draws and others' orders never show."""
    if isinstance(e, ev.DiceRolled):
        return e.stream != "hidden"
    if isinstance(e, ev.OrdersAccepted):
        return e.power == power
    if isinstance(
        e,
        ev.SeedRevealed
        | ev.CheckpointSigned
        | ev.PlayerRegistered
        | ev.GameCreated
        | ev.ReportDelivered,
    ):
        return False  # shown in their own places (audit, checkpoint, first report)
    if e.kind in ("input", "meta"):
        return True  # deadline_passed, phase_resolved, game_ended
    return rs.visible(rules, e, power)


def generic_sentence(e: ev.Event) -> str:
    fields = e.model_dump(mode="json", exclude={"type"})
    return f"{e.type}: " + ", ".join(
        f"{k}={json.dumps(v, ensure_ascii=False, sort_keys=True)}" for k, v in fields.items()
    )


def _order_lines(text: str) -> tuple[str, ...]:
    try:
        env = envelope.parse(text)
    except envelope.EnvelopeError:
        return ()
    lines = [o.text.rstrip() for o in env.orders]
    while lines and not lines[-1].strip():
        lines.pop()
    return tuple(lines)


# --- building -------------------------------------------------------------------------------


def render(game: Game, power: str, start: int, stop: int, *, deadline: str | None = None) -> Report:
    """The report for `power` on the events `start`..`stop` of the log (`stop` should
    end a resolution batch: a `checkpoint_signed`). `deadline`: when the orders it
    asks for are due, as the referee wants it printed (the log does not hold one)."""
    return _page(collect(game, power, start, stop, deadline=deadline))


def render_many(game: Game, wanted: list[tuple[str, int, int, str | None]]) -> list[Report]:
    """The reports (power, start, stop, deadline) in that order, from one pass over the
    log up to the last of them (issue 20): each is the same as `render` gives it."""
    return [_page(d) for d in collect_many(game, wanted)]


SLIMMED = {
    svg.SLIM: "To keep this mail under 100 KB (mail programs clip longer ones), an area's "
    "hover text on the maps gives its name only: the plain-text part of this mail gives "
    "the facts of the areas around your pieces.",
    svg.NO_THEATRE: "To keep this mail under 100 KB (mail programs clip longer ones), your "
    "theatre is left out (the whole map shows the same areas) and an area's hover text "
    "gives its name only: the plain-text part of this mail gives the facts of the areas "
    "around your pieces.",
}


def _page(data: Data) -> Report:
    template = _env(True).get_template("report.html.j2")
    html = template.render(r=data)
    notes = data.map_notes
    for level in svg.LEVELS[1:]:  # over the budget: the maps drawn smaller (svg.HTML_BUDGET)
        if len(html.encode("utf-8")) <= svg.HTML_BUDGET:
            break
        data.maps = svg.render_all(_env(), data.views, level)
        data.map_notes = (*notes, SLIMMED[level])
        html = template.render(r=data)
    text = _env(False).get_template("report.txt.j2").render(r=data)
    found = safety.problems(html)
    if found:  # a bug in a template or a hook: refuse rather than mail it
        raise RuntimeError(f"the HTML report failed its safety check: {'; '.join(found)}")
    return Report(data.power, data.start, data.stop, data.subject, text, html)


def collect(game: Game, power: str, start: int, stop: int, *, deadline: str | None = None) -> Data:
    on_event, finish = _collector(game, power, start, stop, deadline)
    st, batches = scan(game, stop, on_event)
    return finish(st, batches)


def collect_many(game: Game, wanted: list[tuple[str, int, int, str | None]]) -> list[Data]:
    """What `collect` gives for each (power, start, stop, deadline), in one scan: each
    collector sees the events of its range, and is finished on the state just after
    its last event (the state a scan up to there would end with)."""
    if not wanted:
        return []
    made = [_collector(game, *w) for w in wanted]
    ending: dict[int, list[int]] = {}
    for i, (_, _, stop, _) in enumerate(wanted):
        ending.setdefault(stop, []).append(i)
    out: list[Data | None] = [None] * len(wanted)

    def on_event(seq: int, e: ev.Event, st: GameState) -> None:
        for i, (_, start, stop, _) in enumerate(wanted):
            if start <= seq <= stop:
                made[i][0](seq, e, st)

    def after(seq: int, st: GameState, batches: list) -> None:
        for i in ending.get(seq, ()):
            out[i] = made[i][1](st, batches)

    scan(game, max(ending), on_event, after)
    return [d for d in out if d is not None]


def _collector(game: Game, power: str, start: int, stop: int, deadline: str | None = None):
    """(on_event, finish): the report's events as the scan passes them, then its data
    from the state at `stop` and the batches up to there."""
    head_seq, _ = game.log.head()
    if not 1 <= start <= stop <= head_seq:
        raise UsageError(f"events {start}..{stop}: the log has events 1..{head_seq}")
    groups: list[Group] = [Group("Since the last report")]
    audit: dict[int, list[str]] = {}
    counted: dict[int, tuple[int | None, int | None]] = {}  # index -> (orders seq, standing seq)
    hidden_seed: list[str] = []
    seen: list[ev.Event] = []  # the results this power may see: its map marks them

    def on_event(seq: int, e: ev.Event, st: GameState) -> None:
        if seq < start:
            return
        rs = st.ruleset
        if isinstance(e, ev.GameCreated):
            if e.joins:
                groups[0].items.append(Item("note", JOIN_NOTE))
            return
        if isinstance(e, ev.PhaseResolved):
            what = rs.default_note(st.rules, e.phase) if rs is not None and e.defaulted else None
            what = f": {what}" if what else ""
            if power in e.defaulted:
                note = f"You sent no orders: the default applied{what}."
            elif e.defaulted:
                note = f"No orders from {', '.join(e.defaulted)}: the default applied{what}."
            else:
                note = ""
            g = Group("", e.phase, e.index)
            if note:
                g.items.append(Item("note", note))
            groups.append(g)
            audit[e.index] = [e.phase, e.orders_digest, ""]
            counted[e.index] = (e.orders.get(power), e.standing.get(power))
            return
        if isinstance(e, ev.SeedRevealed):
            if e.stream == "public" and e.index in audit:
                audit[e.index][2] = e.seed
            elif e.stream == "hidden":
                hidden_seed.append(e.seed)
            return
        if rs is None or not visible(rs, st.rules, e, power):
            return
        if e.kind == "result":
            seen.append(e)
        items = groups[-1].items
        if isinstance(e, ev.DiceRolled):
            hit_from = rs.dice_hits(st.rules, e)
            items.append(Item("dice", e.label, tuple(e.values), e.sides, hit_from=hit_from))
        elif isinstance(e, ev.OrdersAccepted):
            what = "standing orders" if e.phase == "standing" else f"orders for {e.phase}"
            items.append(Item("note", f"Your {what} were accepted as event {seq}."))
        elif isinstance(e, ev.DeadlinePassed):
            items.append(Item("note", f"The deadline for {e.phase} passed."))
        elif isinstance(e, ev.GameEnded):
            items.append(Item("event", f"The game is over: {e.summary}"))
        elif isinstance(e, service_notes.SERVICE):
            said = service_notes.sentence(e, power, st.tz)
            if said:
                items.append(Item("note", said))
        else:
            said = rs.describe_event(e, st.rules)
            if said is None:
                said = generic_sentence(e)
            if said:
                items.append(Item("event", said))
            acc = st.standing.get(power)
            if acc is not None:  # this report is this power's alone: its own orders may show
                why = rs.standing_note(st.rules, e, power, _order_lines(acc.event.envelope))
                if why:
                    items.append(Item("note", why))

    def finish(st: GameState, batches: list) -> Data:
        rs = st.ruleset
        assert rs is not None and st.created is not None
        if power not in st.players:
            hint = closest(power, list(st.players))
            raise UsageError(
                f"no power {power!r} in this game ({', '.join(st.players)})"
                + (f"; did you mean {hint!r}?" if hint else "")
            )
        by_index = {b.index: b for b in batches}
        for g in groups[1:]:
            b = by_index.get(g.index)
            g.title = b.title if b else g.phase
            orders_seq, _standing_seq = counted.get(g.index, (None, None))
            if orders_seq is not None:
                row = game.log.row(orders_seq)
                if row is not None:
                    acc = row.event()
                    lines = _order_lines(acc.envelope)
                    g.items.insert(
                        0, Item("orders", f"Your orders (event {orders_seq}):", lines=lines)
                    )
        if not groups[0].items:
            groups.pop(0)

        reg = st.players[power]
        created = st.created
        nxt = _next(game, st, power, deadline)
        standing_acc = st.standing.get(power)
        cp = st.checkpoint
        cp_line = checkpoint.text(st.game, cp.seq, cp.head, cp.signature) if cp else None
        joining = joins.awaiting(st)  # before the set-up: no position to show yet
        views = [] if joining else rs.map_views(st.rules, power, tuple(seen))
        view = views[0] if views else None
        resolved = [g for g in groups if g.index]
        subject = _subject(st.game, power, resolved, nxt)
        return Data(
            game=st.game,
            title=rs.title,
            scenario=created.scenario,
            options=option_words(dict(created.options)),
            power=power,
            player=reg.name,
            start=start,
            stop=stop,
            subject=subject,
            first=start <= 1,
            joining=joining,
            commitments=sorted(created.commitments.items()),
            referee_key=created.referee_key,
            email=reg.email,
            public_key=reg.public_key,
            players=[(p, r.name) for p, r in st.players.items()],
            groups=groups,
            sections=[]
            if joining
            else [_with_players(x, st) for x in rs.report_sections(st.rules, power)],
            maps=svg.render_all(_env(), views),
            views=views,
            map_notes=tuple(view.notes) if view is not None else (),
            map_tables=map_sections(view) if view is not None else [],
            next=nxt,
            standing=_order_lines(standing_acc.event.envelope) if standing_acc else None,
            standing_seq=standing_acc.seq if standing_acc else None,
            checkpoint=cp_line,
            checkpoint_ref=f"{cp.seq} {cp.head}" if cp else None,
            audit=[(i, *audit[i]) for i in sorted(audit)],  # type: ignore[misc]
            hidden_seed=hidden_seed[-1] if hidden_seed else None,
        )

    return on_event, finish


def _with_players(sec: Section, st: GameState) -> Section:
    """A table with a `power_column` gets the registered player beside each power."""
    k = sec.power_column
    if k is None or not sec.columns or k >= len(sec.columns):
        return sec

    def who(p: str) -> str:
        reg = st.players.get(p)
        if reg is None:
            return "-"
        return f"{reg.name} <{reg.email}>" if reg.name else reg.email

    cols = (*sec.columns[: k + 1], "registered player", *sec.columns[k + 1 :])
    rows = tuple((*r[: k + 1], who(r[k]), *r[k + 1 :]) if len(r) > k else r for r in sec.rows)
    return replace(sec, columns=cols, rows=rows, power_column=None)


def _next(game: Game, st: GameState, power: str, deadline: str | None) -> Next:
    rs = st.ruleset
    assert rs is not None
    if st.ended is not None:
        return Next(ended=st.ended.summary)
    step = joins.open_step(st)
    if step is None:
        return Next(ended=rs.outcome(st.rules))
    owes, may = power in step.owes, power in step.may
    got = st.orders.get(step.phase, {}).get(power)
    out = Next(
        title=step.title,
        phase=step.phase,
        owes=owes,
        may=may,
        waiting=tuple(step.owes),
        deadline=deadline,
        deadline_passed=step.phase in st.deadlines,
        received=got.seq if got else None,
    )
    seq = st.next_sequence(power)  # both envelopes: orders and standing count apart
    if owes or may:
        body = [
            y for x in joins.order_template(st, power, step) for y in envelope.fit_comment(str(x))
        ]
        out.template = (*_heads(st, power, step.phase, seq), "", *body)
    out.standing_template = standing_template(st, power, seq)
    return out


def standing_template(st: GameState, power: str, seq: int) -> tuple[str, ...]:
    """The `Phase: standing` envelope a report carries (docs/reports.md): the headers
    with Sequence `seq`, a blank line, the ruleset's comment lines naming the standing
    orders it takes, then `power`'s standing orders in force, so that signing it as
    it stands keeps them (an envelope replaces them all). Empty when the game takes
    no standing orders, or not yet (before the set-up)."""
    rs = st.ruleset
    assert rs is not None
    names = None if joins.awaiting(st) else rs.standing_orders(st.rules, power)
    if names is None:
        return ()
    acc = st.standing.get(power)
    body = [y for x in names for y in envelope.fit_comment(str(x))]
    body += _order_lines(acc.event.envelope) if acc else ()
    return (*_heads(st, power, STANDING, seq), "", *body)


def _heads(st: GameState, power: str, phase: str, seq: int) -> list[str]:
    """An envelope's headers as a report pre-fills them."""
    cp = st.checkpoint
    head = [f"Game: {st.game_ref}", f"Power: {power}", f"Phase: {phase}", f"Sequence: {seq}"]
    if cp is not None:  # folded (docs/signing.md): every line fits in 72 columns
        head += [f"Checkpoint: {cp.seq}", f" {cp.head}"]
    return head


def _subject(game: str, power: str, resolved: list[Group], nxt: Next) -> str:
    if not resolved:
        what = "report"
    elif len(resolved) == 1:
        what = resolved[0].title
    else:
        what = f"{resolved[0].title} ... {resolved[-1].title}"
    if resolved and resolved[0].index == 1 and len(resolved) == 1:
        what = SETUP_TITLE
    # what the player must do first, short: a phone shows ~40 characters (issue 17)
    if nxt.ended is not None:
        do = "Game over"
    elif nxt.owes:
        due = f" {' '.join(nxt.deadline.split())[:30]}" if nxt.deadline else ""
        do = f"Orders due{due}: {nxt.title}"
    else:
        do = "Report"
    text = f"{do} [pbem {game}] {power}: {what}"
    return " ".join(text.split())  # one line, whatever the titles hold


# --- plain-text tables ------------------------------------------------------------------------


TEXT_WIDTH = 96


def text_table(section: Section, indent: str = "  ") -> str:
    """A section's table as aligned plain text; the widest columns are wrapped until a
    line fits in TEXT_WIDTH characters."""
    import textwrap

    head = tuple(section.columns) if section.columns and any(section.columns) else None
    rows = ([head] if head else []) + [tuple(r) for r in section.rows]
    if not rows:
        return ""
    n = max(len(r) for r in rows)
    rows = [tuple(r) + ("",) * (n - len(r)) for r in rows]
    widths = [max(len(r[i]) for r in rows) for i in range(n)]
    budget = TEXT_WIDTH - len(indent) - 2 * (n - 1)
    while sum(widths) > budget:
        i = max(range(n), key=lambda k: (widths[k], -k))
        if widths[i] <= 16:
            break
        widths[i] = max(16, widths[i] - (sum(widths) - budget))
    out = []
    for k, r in enumerate(rows):
        cells = [
            textwrap.wrap(c, w, break_long_words=True) or [""]
            for c, w in zip(r, widths, strict=True)
        ]
        for j in range(max(len(c) for c in cells)):
            parts = [
                (c[j] if j < len(c) else "").ljust(w) for c, w in zip(cells, widths, strict=True)
            ]
            out.append((indent + "  ".join(parts)).rstrip())
        if k == 0 and head:
            out.append(indent + "  ".join("-" * w for w in widths))
    return "\n".join(out)


def as_json(x: Any) -> str:
    return json.dumps(x, sort_keys=True, ensure_ascii=False)
