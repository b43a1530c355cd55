"""Pages: lay out fitted cards on sheets or shop pages, draw marks and ruler, write the
PDF atomically; and the duplex calibration sheet."""

from __future__ import annotations

import io
import os
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import PDFArray, PDFBase85Encode, PDFName, PDFStream, PDFZCompress
from reportlab.pdfgen.canvas import Canvas

from munchkin_dsl.base.diagnostics import Diagnostic, DiagnosticSink, Severity, Span
from munchkin_dsl.base.files import write_atomic
from munchkin_dsl.render.drawing import Forms, Images, draw_back_page, draw_front, fill, stroke
from munchkin_dsl.render.faces import DECKS, CardFace
from munchkin_dsl.render.fitting import Fitted, fit_card
from munchkin_dsl.render.fonts import REGULAR, FontSet, load_font_files, load_fonts
from munchkin_dsl.render.layout import (
    Layout,
    LayoutError,
    PrintOptions,
    Rect,
    mirror_point,
    mm,
    plan_layout,
)
from munchkin_dsl.render.style import CYAN, INK, MUTED, Progress, themed
from munchkin_dsl.render.theme import Theme


@dataclass(frozen=True)
class CardFit:
    """How one printed card's text was fitted: the sizes used and what did not fit."""

    card_id: str
    page: int
    title_pt: float
    body_pt: float
    fits: bool
    overflow: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"card_id": self.card_id, "page": self.page, "title_pt": self.title_pt,
                "body_pt": self.body_pt, "fits": self.fits, "overflow": list(self.overflow)}


@dataclass(frozen=True)
class RenderReport:
    """What ``munchkin print`` reports: layout, counts, font sizes, problems.

    ``written`` is false when an error (P004, or any problem under ``strict``) kept
    the file from being written, so an existing output is left as it was.
    """

    layout: dict[str, Any]
    pages: int
    cards: int
    font_sizes: tuple[CardFit, ...]
    problems: tuple[Diagnostic, ...]
    output: str
    written: bool
    #: The PDF as written (empty when nothing was), for `print`'s build cache.
    data: bytes = field(default=b"", repr=False, compare=False)

    @property
    def body_sizes(self) -> dict[str, float]:
        """Body font size per card id (copies of a card share it)."""
        return {fit.card_id: fit.body_pt for fit in self.font_sizes}

    def to_json(self) -> dict[str, Any]:
        return {
            "output": self.output,
            "written": self.written,
            "layout": self.layout,
            "pages": self.pages,
            "cards": self.cards,
            "font_sizes": [fit.to_json() for fit in self.font_sizes],
            "problems": [d.to_json() for d in self.problems],
        }


# --------------------------------------------------------------------------- diagnostics


@dataclass
class _Problems:
    """Collects this run's diagnostics, applying ``strict`` to every render warning."""

    strict: bool
    items: list[Diagnostic] = field(default_factory=list)

    def add(self, code: str, message: str, span: Span | None, hint: str | None = None,
            error: bool = False) -> None:
        severity = Severity.ERROR if (error or self.strict) else Severity.WARNING
        self.items.append(Diagnostic(code, severity, message, span, hint))

    @property
    def has_errors(self) -> bool:
        return any(d.is_error for d in self.items)


def _char_name(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "")


def _draw_sheet_furniture(c: Canvas, fonts: FontSet, forms: Forms, layout: Layout,
                          caption: str, proof: bool) -> None:
    """Crop marks, the 1:1 ruler, (proof) cut guides, all one form, and the page caption."""
    forms.place("sheet_proof" if proof else "sheet", 0, 0, layout.page_w, layout.page_h,
                lambda: _draw_sheet_marks(c, fonts, layout, proof))
    _, _, _, top = layout.margins_mm
    if top >= 10:
        fill(c, MUTED)
        c.setFont(fonts.regular, 6.5)
        c.drawString(layout.cards[0].x, layout.page_h - mm(6.5), caption)


def _draw_sheet_marks(c: Canvas, fonts: FontSet, layout: Layout, proof: bool) -> None:
    stroke(c, (0, 0, 0))
    c.setLineWidth(0.3)
    for m in layout.crop_marks:
        c.line(m.x0, m.y0, m.x1, m.y1)
    if layout.ruler is not None:
        _draw_ruler(c, fonts, layout)
    if proof:
        stroke(c, CYAN)
        c.setLineWidth(0.25)
        c.setDash(3, 2)
        xs = sorted({round(v, 4) for r in layout.cards for v in (r.x, r.right)})
        ys = sorted({round(v, 4) for r in layout.cards for v in (r.y, r.top)})
        for x in xs:
            c.line(x, 0, x, layout.page_h)
        for y in ys:
            c.line(0, y, layout.page_w, y)


def _draw_ruler(c: Canvas, fonts: FontSet, layout: Layout) -> None:
    r = layout.ruler
    assert r is not None
    d = r.inward
    length = mm(r.length_mm)
    stroke(c, (0, 0, 0))
    fill(c, (0, 0, 0))
    c.setLineWidth(0.3)
    c.setFont(fonts.regular, 4.5)
    caption = f"{r.length_mm} mm: print at 100 % (actual size), then check with a ruler"
    if r.horizontal:
        c.line(r.x, r.y, r.x + length, r.y)
        for i in range(r.length_mm + 1):
            tick = mm(3 if i % 10 == 0 else 2 if i % 5 == 0 else 1)
            x = r.x + mm(i)
            c.line(x, r.y, x, r.y + d * tick)
            if i % 10 == 0:
                c.drawCentredString(x, r.y - d * mm(2.2) - (1.2 if d < 0 else 0), str(i))
        cap_x = r.x + length + mm(3)
        if cap_x + fonts.width(caption, fonts.regular, 4.5) < layout.page_w - mm(5):
            c.drawString(cap_x, r.y + d * mm(0.5), caption)
        else:
            c.drawString(r.x, r.y - d * mm(4.2), caption)
    else:
        c.line(r.x, r.y, r.x, r.y + length)
        for i in range(r.length_mm + 1):
            tick = mm(3 if i % 10 == 0 else 2 if i % 5 == 0 else 1)
            y = r.y + mm(i)
            c.line(r.x, y, r.x + d * tick, y)
            if i % 10 == 0 and d > 0:
                c.drawRightString(r.x - mm(0.8), y - 1.6, str(i))
            elif i % 10 == 0:
                c.drawString(r.x + mm(0.8), y - 1.6, str(i))
        c.saveState()
        c.translate(r.x - d * mm(3.2), r.y + length + mm(3))
        c.rotate(90)
        c.drawString(0, 0, caption)
        c.restoreState()


# --------------------------------------------------------------------------- pages


@dataclass(frozen=True)
class _Page:
    """One front page: the faces on it, by layout position."""

    faces: tuple[CardFace, ...]


def _paginate(faces: Sequence[CardFace], per_page: int) -> list[_Page]:
    """Fill pages in input order; decks mix, since each back mirrors its own front."""
    return [_Page(tuple(faces[i:i + per_page])) for i in range(0, len(faces), per_page)]


def _end_page(c: Canvas) -> None:
    """``showPage``, then compress the page's drawing commands at once.

    reportlab keeps every page's commands as uncompressed text until ``save`` and only
    compresses them while writing: about 30 kB a page, 20 MB held for a 1 MB pack (700
    pages), the largest part of `print`'s memory.  Compressed here with the same filters in
    the same order, the page stream is the same bytes; ``save`` sees the filter already
    applied and writes it as it is."""
    c.showPage()
    page = cast(Any, c)._doc.Pages.pages[-1]  # reportlab has no public way to the page
    if page.Contents or not page.compression or not page.stream:
        return
    filters: list[Any] = [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [
        PDFZCompress]
    content = page.stream
    names: list[Any] = []
    for step in reversed(filters):  # as PDFStream.format applies them
        content = step.encode(content)
        names.insert(0, PDFName(step.pdfname))
    stream: Any = PDFStream(content=content)
    stream.dictionary["Filter"] = PDFArray(names)
    stream.__Comment__ = "page stream"
    page.Contents = stream
    page.stream = None


def _new_canvas(buffer: io.BytesIO, layout: Layout, title: str) -> Canvas:
    # The initial font is the embedded regular face: reportlab's default (Helvetica)
    # would be listed as an unembedded font, which print-shop preflight rejects.
    load_fonts()
    c = Canvas(buffer, pagesize=(layout.page_w, layout.page_h), invariant=1,
               pageCompression=1,
               initialFontName=REGULAR)  # type: ignore[arg-type]  # the stub says float
    c.setTitle(title)
    c.setCreator("munchkin-dsl")
    c.setAuthor("munchkin-dsl")
    return c


def _check_glyphs(fonts: FontSet, face: CardFace, problems: _Problems) -> CardFace:
    """Report characters the font cannot draw (P002) and replace them with ``?``."""
    fields: dict[str, str] = {
        "title": face.title, "kind_line": face.kind_line, "corner_left": face.corner_left,
        "corner_right": face.corner_right, "body": face.body, "bad_stuff": face.bad_stuff,
        "footer_left": face.footer_left, "ruleset_mark": face.ruleset_mark,
        "bad_stuff_label": face.bad_stuff_label, "back_label": face.back_label,
        "level_label": face.level_label, "slot_label": face.slot_label, "mark": face.mark,
        "value_line": face.value_line, "card_id": face.card_id,
    }
    # One pass over all the card's text; the set of its characters is small.
    missing = fonts.missing("".join(sorted(set("".join((*fields.values(), *face.tags))))))
    if not missing:
        return face
    for ch in missing:
        problems.add(
            "P002",
            f"card {face.card_id!r} uses {ch!r} ({_char_name(ch)}), which the card font "
            f"({fonts.family}) has no glyph for; it is printed as '?'",
            face.span,
            hint="replace the character or spell it out",
        )
    changed = {name: fonts.sanitize(text) for name, text in fields.items()}
    # The id keeps its spelling in the report; only its printed form is sanitised.
    changed.pop("card_id")
    return replace(face, **cast(dict[str, Any], changed),
                   tags=tuple(fonts.sanitize(t) for t in face.tags))


def _set_shop_boxes(c: Canvas, layout: Layout) -> None:
    """Boxes apply to this and every later page: MediaBox = BleedBox, TrimBox inside."""
    c.setBleedBox((0, 0, layout.page_w, layout.page_h))
    trim = layout.cards[0]
    c.setTrimBox((trim.x, trim.y, trim.right, trim.top))


def _check_card(fonts: FontSet, face: CardFace, fit: Fitted, images: Images,
                min_font_pt: float, problems: _Problems) -> None:
    """A card's problems once it is fitted: unusable art (P003), a word wider than its box
    (P005), text that does not fit even at the smallest size (P001)."""
    if face.art_path is not None:
        image = images.get(face.art_path)
        if isinstance(image, str):
            problems.add("P003", f"art for card {face.card_id!r} {image}: "
                         f"{face.art_path}", face.span,
                         hint="check the art path; a placeholder picture "
                              "is printed instead")
    _check_long_words(fonts, fit, problems)
    if fit.overflow:
        problems.add(
            "P001",
            f"text of card {face.card_id!r} does not fit even at "
            f"{min_font_pt:g} pt: {', '.join(fit.overflow)}; it is cut off",
            face.span, hint="shorten the text or lower the minimum font size",
        )


def render_pdf(faces: Sequence[CardFace], options: PrintOptions,
               out_path: str | os.PathLike[str], sink: DiagnosticSink,
               progress: Progress | None = None, theme: Theme | None = None) -> RenderReport:
    """Render ``faces`` as a PDF at ``out_path``, in ``theme``'s look if one is given.

    See :func:`_render_pdf`; without a theme the output is the default design, byte for
    byte.
    """
    if theme is None:
        return _render_pdf(faces, options, out_path, sink, progress, load_fonts())
    fonts = load_font_files(theme.fonts["title"][1], theme.fonts["body"][1],
                            theme.fonts["italic"][1], theme.fonts["body"][0])
    with themed(theme.look):
        return _render_pdf(faces, options, out_path, sink, progress, fonts)


def _render_pdf(faces: Sequence[CardFace], options: PrintOptions,
                out_path: str | os.PathLike[str], sink: DiagnosticSink,
                progress: Progress | None, fonts: FontSet) -> RenderReport:
    """Render ``faces`` as a PDF at ``out_path`` and report what was done.

    Problems go to ``sink`` (and the report): P001 text that does not fit even at
    ``options.min_font_pt``, P002 characters without a glyph, P003 unusable art,
    P004 a layout that does not fit the page, P005 a word wider than its box even at
    its hyphenation points.  Under ``options.strict`` every
    problem is an error.  When any error is found the file is not written.
    ``progress(done, total)`` is called after each card is drawn.
    """
    problems = _Problems(options.strict)
    output = os.fspath(out_path)
    try:
        layout = plan_layout(options)
    except LayoutError as exc:
        problems.add("P004", str(exc), None, hint="choose a smaller card size or larger paper",
                     error=True)
        sink.extend(problems.items)
        return RenderReport({}, 0, 0, (), tuple(problems.items), output, False)

    images = Images()
    proof = options.mode == "proof"
    shop = options.mode == "shop"
    upside_down = options.duplex == "short"
    if options.backs and not shop:
        _check_backs_on_page(layout, problems)

    buffer = io.BytesIO()
    c = _new_canvas(buffer, layout, "Munchkin cards")
    forms = Forms(c)
    if shop:
        _set_shop_boxes(c, layout)
    pages = _paginate(faces, layout.per_page)
    fits: list[CardFit] = []
    total = len(faces)
    done = 0
    page_no = 0
    for index, page in enumerate(pages):
        page_no += 1
        if not shop:
            caption = f"munchkin-dsl · sheet {index + 1} of {len(pages)}"
            _draw_sheet_furniture(c, fonts, forms, layout, caption, proof)
        for pos, raw in enumerate(page.faces):
            face = _check_glyphs(fonts, raw, problems)
            fit = fit_card(fonts, face, layout.cards[pos], options.min_font_pt)
            _check_card(fonts, face, fit, images, options.min_font_pt, problems)
            draw_front(c, fonts, fit, layout.bleeds[pos], images, proof, forms=forms,
                        fine_print=options.fine_print)
            fits.append(CardFit(face.card_id, page_no, fit.title.size, fit.body.size,
                                not fit.overflow, fit.overflow))
            done += 1
            if progress is not None:
                progress(done, total)
        _end_page(c)
        if options.backs:
            page_no += 1
            draw_back_page(c, fonts, forms, layout, page.faces, upside_down)
            _end_page(c)
    if not pages:
        # An empty PDF is not valid; an empty pack still gets one (blank) sheet.
        c.showPage()
        page_no = 1
    c.save()

    sink.extend(problems.items)
    written = not problems.has_errors
    data = buffer.getvalue() if written else b""
    if written:
        write_atomic(output, data)
    return RenderReport(layout.to_json(), page_no, len(faces), tuple(fits),
                        tuple(problems.items), output, written, data)


def _check_long_words(fonts: FontSet, fit: Fitted, problems: _Problems) -> None:
    """P005: a word wider than its box even at hyphenation points is split mid-syllable."""
    face = fit.face
    pad = mm(1.2) * fit.boxes.scale
    boxes = ((face.body, fit.body.size, fit.body_box.w),
             (face.bad_stuff, fit.bad.size if fit.bad else 0.0, fit.body_box.w - 2 * pad))
    seen: list[str] = []
    for text, size, width in boxes:
        if not text or not size:
            continue
        for word in fonts.unbreakable(text, fonts.regular, size, width, face.lang):
            if word not in seen:
                seen.append(word)
    for word in seen:
        problems.add("P005", f"card {face.card_id!r}: the word {word!r} is wider than its "
                     f"text box and has no hyphenation point that helps; it is split "
                     f"between letters", face.span,
                     hint="shorten the word, add a hyphen or a space, or shorten the text "
                          "so it is set larger")


def _check_backs_on_page(layout: Layout, problems: _Problems) -> None:
    """A back offset that pushes backs off the paper is a layout problem (P004)."""
    for rect in layout.backs:
        if rect.x < 0 or rect.y < 0 or rect.right > layout.page_w or rect.top > layout.page_h:
            problems.add("P004", "with this back offset some card backs fall off the page",
                         None, hint="check the back offset measured on the calibration sheet")
            return


# --------------------------------------------------------------------------- calibration


def calibration_targets(layout: Layout) -> list[tuple[float, float]]:
    """Target points (mm) for a calibration sheet: centres of the corner and middle cards.

    Measuring where the cards of this very print will be (rather than at fixed spots of
    a portrait page) makes the offset right for this paper, orientation and card size.
    """
    cards = layout.cards
    picks = [cards[i] for i in (0, layout.cols - 1, len(cards) - layout.cols, len(cards) - 1)]
    points = [(r.x + r.w / 2, r.y + r.h / 2) for r in picks]
    points.append((layout.page_w / 2, layout.page_h / 2))
    out: list[tuple[float, float]] = []
    for x, y in points:
        point = (round(x / mm(1), 2), round(y / mm(1), 2))
        if point not in out:
            out.append(point)
    return out


def _calibration_front(c: Canvas, layout: Layout, options: PrintOptions, fonts: FontSet,
                       k: float, targets: list[tuple[float, float]]) -> None:
    """The calibration sheet's front page: card outlines, targets, labels, instructions."""
    ph = layout.page_h
    dx, dy = options.back_offset_mm
    _outline_cards(c, layout.cards)
    fill(c, INK)
    c.setFont(fonts.bold, 14 * k)
    c.drawString(mm(8) * k, ph - mm(9) * k, "Duplex calibration: front")
    c.setFont(fonts.regular, 6 * k)
    lines = [
        f"1. Print both pages double-sided ({options.duplex}-edge flip) at 100 % / actual "
        "size.  2. Hold the sheet against a light, BACK page facing you;",
        "at each target read the back scales where the front cross shows through: x right "
        "(+) or left (−), y up (+) or down (−), in mm.",
        f"3. Add the average to the current offset ({dx:+.1f},{dy:+.1f} mm) and pass it as "
        "--back-offset.",
    ]
    y = ph - mm(12.5) * k
    if layout.mode == "shop":
        lines = [f"{options.duplex}-edge, offset {dx:+.1f},{dy:+.1f} mm"]
    for line in lines:
        c.drawString(mm(8) * k, y, line)
        y -= 7.2 * k
    for i, (tx, ty) in enumerate(targets):
        _crosshair(c, mm(tx), mm(ty), mm(8) * k)
        c.setFont(fonts.regular, 6 * k)
        c.drawString(mm(tx) + mm(3) * k, mm(ty) + mm(3) * k,
                     f"{chr(65 + i)} ({tx:g}, {ty:g}) mm")
    c.showPage()


def render_calibration(options: PrintOptions,
                       out_path: str | os.PathLike[str]) -> RenderReport:
    """Write a two-page duplex calibration sheet for measuring the back offset.

    The sheet has the page size and orientation of the print it calibrates (``paper``,
    ``card_size_mm``, ``mode``: A4 or Letter portrait or landscape, or a card-sized
    print-shop page) and shows the card outlines.  The front has crosshair targets at
    the centres of the corner and middle cards; the back has a target where each must
    land after duplex printing (mirrored for ``options.duplex``, shifted by the current
    ``options.back_offset_mm``) with millimetre scales around it.  Held against the
    light, the scale reading under the front target is the correction to add to the
    back offset.
    """
    output = os.fspath(out_path)
    try:
        layout = plan_layout(replace(options, backs=True))
    except LayoutError as exc:
        raise ValueError(str(exc)) from exc
    pw, ph = layout.page_w, layout.page_h
    # Text and marks scale down on a card-sized print-shop page.
    k = min(1.0, pw / mm(210))
    fonts = load_fonts()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(pw, ph), invariant=1, pageCompression=1)
    c.setTitle("Munchkin duplex calibration")
    c.setCreator("munchkin-dsl")
    targets = calibration_targets(layout)
    dx, dy = options.back_offset_mm

    _calibration_front(c, layout, options, fonts, k, targets)

    # Back: where the backs go, mirrored targets plus the current offset, ±5 mm scales.
    _outline_cards(c, layout.backs)
    fill(c, INK)
    c.setFont(fonts.bold, 14 * k)
    c.drawString(mm(8) * k, ph - mm(9) * k, "Duplex calibration: back")
    c.setFont(fonts.regular, 7 * k)
    c.drawString(mm(8) * k, ph - mm(13) * k,
                 f"{options.duplex}-edge duplex, current offset {dx:+.1f},{dy:+.1f} mm")
    for i, (tx, ty) in enumerate(targets):
        bx, by = mirror_point(mm(tx), mm(ty), pw, ph, options.duplex)
        bx, by = bx + mm(dx), by + mm(dy)
        _crosshair(c, bx, by, mm(4))
        _scales(c, fonts, bx, by)
        c.setFont(fonts.regular, 6)
        c.drawString(bx + mm(6.5), by + mm(6.5), chr(65 + i))
    c.showPage()
    c.save()
    write_atomic(output, buffer.getvalue())
    w, h = layout.card_size_mm
    if layout.mode == "shop":
        page = f"{w + 2 * layout.bleed_mm:g}×{h + 2 * layout.bleed_mm:g} mm print-shop page"
    else:
        paper = options.paper.upper() if options.paper == "a4" else options.paper.capitalize()
        page = f"{paper} {layout.orientation}"
    report_layout = {
        "mode": "calibration",
        "paper": layout.paper,
        "orientation": layout.orientation,
        "page_pt": [round(pw, 3), round(ph, 3)],
        "card_size_mm": [w, h],
        "cards_per_page": layout.per_page,
        "duplex": options.duplex,
        "back_offset_mm": [dx, dy],
        "targets_mm": [list(t) for t in targets],
        "description": f"{page} duplex calibration sheet for {w:g}×{h:g} mm cards "
                       f"({layout.per_page} per page), {options.duplex}-edge flip, current "
                       f"back offset {dx:+.1f},{dy:+.1f} mm",
    }
    return RenderReport(report_layout, 2, 0, (), (), output, True)


def _outline_cards(c: Canvas, rects: Sequence[Rect]) -> None:
    """Light card outlines, so the sheet shows where this print's cards will be."""
    c.saveState()
    stroke(c, (0.75, 0.75, 0.75))
    c.setLineWidth(0.4)
    c.setDash(2, 2)
    for rect in rects:
        c.rect(rect.x, rect.y, rect.w, rect.h, stroke=1, fill=0)
    c.restoreState()


def _crosshair(c: Canvas, x: float, y: float, arm: float) -> None:
    stroke(c, (0, 0, 0))
    c.setLineWidth(0.3)
    c.line(x - arm, y, x + arm, y)
    c.line(x, y - arm, x, y + arm)
    c.circle(x, y, arm / 2, stroke=1, fill=0)


def _scales(c: Canvas, fonts: FontSet, x: float, y: float) -> None:
    """±5 mm scales in 0.5 mm steps through a back target, labelled every 2 mm."""
    c.setLineWidth(0.2)
    c.setFont(fonts.regular, 4)
    base_y, base_x = y - mm(6), x - mm(6)
    for i in range(-10, 11):
        off = mm(i / 2)
        tick = mm(1.6 if i == 0 else 1.2 if i % 2 == 0 else 0.6)
        c.line(x + off, base_y, x + off, base_y + tick)
        c.line(base_x, y + off, base_x + tick, y + off)
        if i % 4 == 0:
            label = f"{i // 2:+d}" if i else "0"
            c.drawCentredString(x + off, base_y - mm(2), label)
            c.drawRightString(base_x - mm(0.6), y + off - 1.4, label)
    c.line(x - mm(5), base_y, x + mm(5), base_y)
    c.line(base_x, y - mm(5), base_x, y + mm(5))
    c.drawString(x + mm(5.6), base_y - mm(0.6), "x mm")
    c.drawString(base_x - mm(1.5), y + mm(5.8), "y mm")


__all__ = ["DECKS", "CardFit", "RenderReport", "render_calibration", "render_pdf"]
