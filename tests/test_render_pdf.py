"""The PDF renderer: pages, boxes, real text, pixels, determinism and diagnostics."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest
from PIL import Image

from munchkin_dsl.base.diagnostics import DiagnosticSink, Severity
from munchkin_dsl.render import CardFace, PrintOptions, plan_layout, render_calibration, render_pdf
from munchkin_dsl.render.fonts import load_fonts
from munchkin_dsl.render.pdf import DECK_STYLE

ROOT = Path(__file__).resolve().parents[1]
MM = 72 / 25.4


def troll() -> CardFace:
    return CardFace(
        card_id="net_troll", deck="door", title="Net Troll", kind_line="Monster · Undead",
        corner_left="Level 10", body="+5 against Elves.\nWill not pursue Level 3 or below.",
        bad_stuff="He flames you. Lose 2 Levels.", footer_left="3 Treasures",
        tags=("troll", "online"), ruleset_mark="M1.6", source="packs/core.mk:12:3",
    )


def boots() -> CardFace:
    return CardFace(
        card_id="boots_of_butt_kicking", deck="treasure", title="Boots of Butt-Kicking",
        kind_line="Item · Footgear", corner_left="+2", corner_right="400 gold",
        body="Usable by anyone.", tags=("footgear",), ruleset_mark="M1.6",
        source="packs/core.mk:40:1",
    )


def russian() -> CardFace:
    return CardFace(
        card_id="setevoy_troll", deck="door", title="Сетевой Тролль", kind_line="Монстр",
        corner_left="Уровень 10", body="Не преследует «слабаков».",
        bad_stuff="Теряешь 2 уровня.", footer_left="3 сокровища", lang="ru",
        ruleset_mark="M1.6", source="packs/ru.mk:3:1",
    )


def polish() -> CardFace:
    return CardFace(
        card_id="mrowki", deck="door", title="Mrówki Ogniste", kind_line="Potwór",
        corner_left="Poziom 12", body="Zażółć gęślą jaźń. „Uciekaj”, krzyczą.",
        footer_left="2 skarby", lang="pl", source="packs/pl.mk:7:1",
    )


def seal() -> CardFace:
    return CardFace(card_id="seal_of_chaos", deck="seal", title="Seal of Chaos",
                    body="Every player loses a level.", source="packs/core.mk:90:1")


def sample(n: int) -> list[CardFace]:
    makers = [troll, boots, russian, polish, seal]
    return [makers[i % len(makers)]() for i in range(n)]


def render(tmp_path: Path, faces, name: str = "out.pdf", **options):
    sink = DiagnosticSink()
    out = tmp_path / name
    report = render_pdf(faces, PrintOptions(**options), out, sink)
    return out, report, sink


def page_texts(path: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(path).pages]


def test_page_count_without_and_with_backs(tmp_path):
    faces = sample(20)  # 8 door, 4 treasure, 4 seal... in input order
    # Letter: 3×3 portrait (A4 fits 5×2 landscape, tested in test_render_layout.py)
    out, report, sink = render(tmp_path, faces, paper="letter")
    assert not sink.has_errors
    assert report.pages == len(pypdf.PdfReader(out).pages) == 3  # 20 cards, 9 per page
    assert report.cards == 20 and len(report.font_sizes) == 20

    out, report, _ = render(tmp_path, faces, name="backs.pdf", backs=True, paper="letter")
    # Decks mix on a sheet: 20 cards take 3 front pages, each followed by its back page.
    assert report.pages == len(pypdf.PdfReader(out).pages) == 6
    texts = page_texts(out)
    for index, back in enumerate(texts[1::2]):
        on_page = faces[index * 9:(index + 1) * 9]
        for deck, word in (("door", "DOOR"), ("treasure", "TREASURE"), ("seal", "SEAL")):
            assert back.count(word) == sum(f.deck == deck for f in on_page), (index, word)


def _pixel(image, x_pt: float, y_pt: float, page_h: float, scale: float):
    """The RGB pixel at a PDF point (origin bottom-left) of a page rendered at ``scale``."""
    return image.getpixel((int(x_pt * scale), int((page_h - y_pt) * scale)))[:3]


def _is_colour(rgb, colour, tol: int = 12) -> bool:
    return all(abs(a - round(b * 255)) <= tol for a, b in zip(rgb, colour, strict=True))


def test_each_back_mirrors_its_front_card_by_card(tmp_path):
    faces = [troll(), boots(), seal(), boots(), troll(), troll(), seal(), boots(), troll()]
    out, report, _ = render(tmp_path, faces, backs=True, paper="letter")  # 3×3 per page
    layout = plan_layout(PrintOptions(backs=True, paper="letter"))
    scale = 2.0
    image = pdfium.PdfDocument(out)[1].render(scale=scale).to_pil()
    for face, rect in zip(faces, layout.backs, strict=True):
        colour = DECK_STYLE[face.deck][0]
        # Near each back's own corners (inside the trim): its own deck colour.
        for x, y in ((rect.x + 4, rect.y + 4), (rect.right - 4, rect.top - 4)):
            assert _is_colour(_pixel(image, x, y, layout.page_h, scale), colour), face.card_id


def test_back_bleed_leaves_no_white_at_the_cut(tmp_path):
    """1.5 mm outside an outer card edge the back page is the back's colour, not paper."""
    out, _, _ = render(tmp_path, [troll()] * 9, backs=True)
    layout = plan_layout(PrintOptions(backs=True))
    scale = 2.0
    image = pdfium.PdfDocument(out)[1].render(scale=scale).to_pil()
    door = DECK_STYLE["door"][0]
    left_col = min(layout.backs, key=lambda r: (r.x, -r.top))
    x, y = left_col.x - 1.5 * MM, left_col.y + 20 * MM
    assert _is_colour(_pixel(image, x, y, layout.page_h, scale), door)
    # Beyond the 2 mm back bleed it is paper again.
    x = left_col.x - 3 * MM
    assert _pixel(image, x, y, layout.page_h, scale) == (255, 255, 255)
    out, _, _ = render(tmp_path, [troll()] * 9, name="nobleed.pdf", backs=True,
                       back_bleed_mm=0)
    image = pdfium.PdfDocument(out)[1].render(scale=scale).to_pil()
    x = left_col.x - 1.5 * MM
    assert _pixel(image, x, y, layout.page_h, scale) == (255, 255, 255)


def test_back_labels_in_the_print_language(tmp_path):
    faces = [replace(troll(), back_label="Шлюз", lang="ru"),
             replace(boots(), back_label="Łupy", lang="pl")]
    out, _, _ = render(tmp_path, faces, backs=True)
    back = page_texts(out)[1]
    assert "ШЛЮЗ" in back and "ŁUPY" in back and "DOOR" not in back


def test_shop_back_design_stays_inside_the_safe_area(tmp_path):
    """Between the bleed edge and 3 mm inside the trim the back is plain deck colour."""
    out, _, _ = render(tmp_path, [troll()], mode="shop", backs=True)
    page = pdfium.PdfDocument(out)[1]
    scale = 6.0
    image = page.render(scale=scale).to_pil()
    page_h = 93 * MM
    door = DECK_STYLE["door"][0]
    for d_mm in (0.5, 2.5, 3.5, 4.5, 5.5):  # bleed 3 mm, so trim is at 3.0, safe at 6.0
        for x, y in ((d_mm * MM, 46 * MM), (31 * MM, d_mm * MM), (62 * MM - d_mm * MM, 46 * MM),
                     (31 * MM, 93 * MM - d_mm * MM)):
            assert _is_colour(_pixel(image, x, y, page_h, scale), door), (d_mm, x, y)


def test_shop_mode_boxes(tmp_path):
    out, report, _ = render(tmp_path, [troll(), boots()], mode="shop", backs=True)
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == report.pages == 4
    for page in reader.pages:
        media = [float(v) for v in page.mediabox]
        bleed = [float(v) for v in page.bleedbox]
        trim = [float(v) for v in page.trimbox]
        assert media == pytest.approx([0, 0, 62 * MM, 93 * MM], abs=1e-3)
        assert bleed == pytest.approx(media, abs=1e-3)
        assert trim == pytest.approx([3 * MM, 3 * MM, 59 * MM, 90 * MM], abs=1e-3)
    assert "Net Troll" in reader.pages[0].extract_text()
    assert "Boots of Butt-Kicking" in reader.pages[2].extract_text()


def test_text_is_real_and_exact_in_every_language(tmp_path):
    faces = [troll(), boots(), seal()] * 3 + [russian(), polish()]
    out, report, sink = render(tmp_path, faces, paper="letter")  # 9 cards a page
    assert not list(sink)
    first, second = page_texts(out)
    for expected in ("Net Troll", "Level 10", "3 Treasures", "Boots of Butt-Kicking",
                     "400 gold", "Bad Stuff:", "Seal of Chaos"):
        assert expected in first
    assert "Сетевой Тролль" not in first
    for expected in ("Сетевой Тролль", "Уровень 10", "3 сокровища", "Непотребство:",
                     "«слабаков»", "Mrówki Ogniste", "Zażółć gęślą jaźń.", "„Uciekaj”",
                     "Poziom 12"):
        assert expected in second
    assert report.body_sizes["net_troll"] == 8.0


def _rgb(img: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    return img.getpixel((int(x), int(y)))[:3]


def _close(a, b, tol=40) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b, strict=True))


def test_card_frames_are_where_the_layout_says(tmp_path):
    out, _, _ = render(tmp_path, [troll()] * 9, paper="letter")  # a 3×3 grid
    layout = plan_layout(PrintOptions(paper="letter"))
    dpi = 100
    scale = dpi / 72
    doc = pdfium.PdfDocument(str(out))
    img = doc[0].render(scale=scale).to_pil().convert("RGB")
    assert abs(img.size[0] - layout.page_w * scale) <= 1
    assert abs(img.size[1] - layout.page_h * scale) <= 1
    frame = tuple(round(v * 255) for v in DECK_STYLE["door"][0])
    white = (255, 255, 255)

    def px(x_pt, y_pt):  # PDF points (origin bottom-left) to image pixels
        return x_pt * scale, (layout.page_h - y_pt) * scale

    one = 72 / dpi * 1.5  # 1.5 px in points
    top_row, bottom_row = layout.cards[:3], layout.cards[6:]
    left_col, right_col = layout.cards[0::3], layout.cards[2::3]
    for rect in top_row:
        mid_x = rect.x + rect.w / 2
        assert _close(_rgb(img, *px(mid_x, rect.top - one)), frame)
        assert _rgb(img, *px(mid_x, rect.top + one)) == white
    for rect in bottom_row:
        mid_x = rect.x + rect.w / 2
        assert _close(_rgb(img, *px(mid_x, rect.y + one)), frame)
        assert _rgb(img, *px(mid_x, rect.y - one)) == white
    for rect in left_col:
        mid_y = rect.y + rect.h / 2
        assert _close(_rgb(img, *px(rect.x + one, mid_y)), frame)
        assert _rgb(img, *px(rect.x - one, mid_y)) == white
    for rect in right_col:
        mid_y = rect.y + rect.h / 2
        assert _close(_rgb(img, *px(rect.right - one, mid_y)), frame)
        assert _rgb(img, *px(rect.right + one, mid_y)) == white


def test_same_input_gives_identical_bytes(tmp_path):
    faces = sample(12)
    a, _, _ = render(tmp_path, faces, name="a.pdf", backs=True)
    b, _, _ = render(tmp_path, faces, name="b.pdf", backs=True)
    assert a.read_bytes() == b.read_bytes()
    # ...also from a fresh process (no state carried over in reportlab's font cache).
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]); from pathlib import Path;"
        "sys.path.insert(0, str(Path(sys.argv[1]) / 'tests'));"
        "import test_render_pdf as t;"
        "from munchkin_dsl.base.diagnostics import DiagnosticSink;"
        "from munchkin_dsl.render import PrintOptions, render_pdf;"
        "render_pdf(t.sample(12), PrintOptions(backs=True), sys.argv[2], DiagnosticSink())"
    )
    c = tmp_path / "c.pdf"
    subprocess.run([sys.executable, "-c", script, str(ROOT), str(c)], check=True)
    assert a.read_bytes() == c.read_bytes()


def long_card() -> CardFace:
    return CardFace(card_id="wordy", deck="door", title="Wordy Monster",
                    body=" ".join(["Lorem ipsum dolor sit amet."] * 80),
                    bad_stuff="You lose.", source="packs/core.mk:55:2")


def test_overflow_is_p001_warning_and_error_when_strict(tmp_path):
    out, report, sink = render(tmp_path, [troll(), long_card()], mode="proof")
    p001 = [d for d in sink if d.code == "P001"]
    assert len(p001) == 1 and p001[0].severity is Severity.WARNING
    assert "wordy" in p001[0].message and "rules text" in p001[0].message
    assert (p001[0].span.file, p001[0].span.line, p001[0].span.column) == \
        ("packs/core.mk", 55, 2)
    fit = {f.card_id: f for f in report.font_sizes}
    assert fit["wordy"].body_pt == 6.0 and not fit["wordy"].fits
    assert fit["net_troll"].fits
    assert report.written and out.exists()

    out, report, sink = render(tmp_path, [long_card()], name="strict.pdf", strict=True)
    assert [d.severity for d in sink if d.code == "P001"] == [Severity.ERROR]
    assert sink.has_errors and not report.written and not out.exists()


def test_text_shrinks_before_it_overflows(tmp_path):
    medium = CardFace(card_id="medium", deck="door", title="Medium",
                      body=" ".join(["Lorem ipsum dolor sit amet."] * 30))
    _, report, sink = render(tmp_path, [medium])
    fit = report.font_sizes[0]
    assert fit.fits and 6.0 <= fit.body_pt < 8.0
    assert not [d for d in sink if d.code == "P001"]


def test_missing_glyph_is_p002_and_printed_as_question_mark(tmp_path):
    fonts = load_fonts()
    assert 0x4E00 not in fonts.covered  # a CJK ideograph: really not in DejaVu Sans
    face = CardFace(card_id="kanji", deck="treasure", title="Sword 一 of Doom",
                    body="Deals damage.", source="packs/jp.mk:2:4")
    out, _, sink = render(tmp_path, [face])
    p002 = [d for d in sink if d.code == "P002"]
    assert len(p002) == 1
    assert "kanji" in p002[0].message and "U+4E00" in p002[0].message and "一" in p002[0].message
    assert "Sword ? of Doom" in page_texts(out)[0]


def test_missing_art_is_p003_and_art_draws(tmp_path):
    art = tmp_path / "troll.png"
    Image.new("RGB", (40, 30), (30, 120, 60)).save(art)
    with_art = CardFace(card_id="art", deck="door", title="Arty", body="Pretty.",
                        art_path=str(art))
    missing = CardFace(card_id="noart", deck="door", title="Lost", body="Sad.",
                       art_path=str(tmp_path / "nope.png"), source="p.mk:9:1")
    broken_file = tmp_path / "broken.png"
    broken_file.write_bytes(b"not an image")
    broken = CardFace(card_id="broken", deck="door", title="Broken", art_path=str(broken_file))
    out, report, sink = render(tmp_path, [with_art, missing, broken])
    p003 = [d for d in sink if d.code == "P003"]
    assert [d.message.split("'")[1] for d in p003] == ["noart", "broken"]
    assert report.written
    # The real image is embedded: the art box shows its green.
    layout = plan_layout(PrintOptions())
    scale = 100 / 72
    img = pdfium.PdfDocument(str(out))[0].render(scale=scale).to_pil().convert("RGB")
    card = layout.cards[0]
    art_y = card.top - card.h * 0.3
    assert _close(_rgb(img, (card.x + card.w / 2) * scale, (layout.page_h - art_y) * scale),
                  (30, 120, 60), tol=10)


def test_existing_output_untouched_when_rendering_fails(tmp_path):
    out = tmp_path / "cards.pdf"
    out.write_bytes(b"previous good file")

    def boom(done, total):
        if done == 3:
            raise RuntimeError("interrupted")

    with pytest.raises(RuntimeError):
        render_pdf(sample(10), PrintOptions(), out, DiagnosticSink(), progress=boom)
    assert out.read_bytes() == b"previous good file"
    assert [p.name for p in tmp_path.iterdir()] == ["cards.pdf"]


def test_progress_is_called_per_card(tmp_path):
    calls = []
    render_pdf(sample(11), PrintOptions(backs=True), tmp_path / "p.pdf", DiagnosticSink(),
               progress=lambda done, total: calls.append((done, total)))
    assert calls == [(i, 11) for i in range(1, 12)]


def test_layout_that_does_not_fit_is_p004(tmp_path):
    out, report, sink = render(tmp_path, [troll()], card_size_mm=(300, 400))
    assert [d.code for d in sink] == ["P004"] and sink.has_errors
    assert not report.written and not out.exists()


def test_proof_mode_and_report_json(tmp_path):
    out, report, _ = render(tmp_path, [troll(), long_card()], mode="proof")
    data = json.loads(json.dumps(report.to_json(), ensure_ascii=False))
    assert data["pages"] == 1 and data["cards"] == 2
    assert data["layout"]["description"].startswith("A4 landscape, 5×2 cards")
    assert data["problems"][0]["code"] == "P001"
    text = page_texts(out)[0]
    assert "net_troll" in text and "wordy" in text


def test_empty_input_still_gives_a_valid_pdf(tmp_path):
    out, report, _ = render(tmp_path, [])
    assert len(pypdf.PdfReader(out).pages) == report.pages == 1


def test_calibration_sheet(tmp_path):
    out = tmp_path / "cal.pdf"
    report = render_calibration(PrintOptions(duplex="short", back_offset_mm=(1, 0)), out)
    texts = page_texts(out)
    assert len(texts) == report.pages == 2
    assert "Duplex calibration: front" in texts[0] and "back" in texts[1]
    assert "short-edge" in report.layout["description"]


def test_back_offset_off_the_page_is_p004_warning(tmp_path):
    _, report, sink = render(tmp_path, [troll()], backs=True, back_offset_mm=(40, 0))
    assert [(d.code, d.severity) for d in sink] == [("P004", Severity.WARNING)]
    assert report.written


# --------------------------------------------------------------------------- card faces


def chainsaw() -> CardFace:
    return CardFace(
        card_id="chainsaw", deck="treasure", title="Chainsaw", kind_line="Item · 2 Hands · Big",
        body="Usable by anyone.", kind="item", bonus=3, slot="two_hands",
        slot_label="2 Hands", mark="Big", value_line="600 Gold Pieces", ruleset_mark="M1.6",
    )


def undead_troll() -> CardFace:
    return replace(troll(), corner_left="", kind="monster", level=10, level_label="Level",
                   tags=("Undead",))


def test_face_parts_print_from_the_structured_fields(tmp_path):
    out, report, sink = render(tmp_path, [undead_troll(), chainsaw()])
    assert not list(sink)
    text = squash_text(page_texts(out)[0])
    for expected in ("LEVEL10", "Undead", "+3", "BIG", "2Hands", "600GoldPieces",
                     "3Treasures", "BadStuff:"):
        assert expected in text, expected


def squash_text(text: str) -> str:
    return "".join(text.split())


def test_tags_are_readable_at_near_body_size():
    from munchkin_dsl.render.pdf import BODY_PT
    from munchkin_dsl.render.pdf import fit_card as _fit_card

    layout = plan_layout(PrintOptions())
    fit = _fit_card(load_fonts(), undead_troll(), layout.cards[0], 6.0)
    assert fit.tags.text == "Undead" and fit.tags.size >= 0.85 * BODY_PT


def test_picture_is_a_placeholder_never_a_blank_field(tmp_path):
    """A card without art gets a drawn picture: deck tint, hatching and an emblem."""
    from munchkin_dsl.render.pdf import fit_card as _fit_card

    faces = [undead_troll(), chainsaw(), seal()]
    out, _, _ = render(tmp_path, faces)
    layout = plan_layout(PrintOptions())
    scale = 2.0
    image = pdfium.PdfDocument(out)[0].render(scale=scale).to_pil().convert("RGB")
    for pos, face in enumerate(faces):
        art = _fit_card(load_fonts(), face, layout.cards[pos], 6.0).boxes.art
        assert art.h >= 0.12 * layout.cards[pos].h
        box = (int(art.x * scale), int((layout.page_h - art.top) * scale),
               int(art.right * scale), int((layout.page_h - art.y) * scale))
        crop = image.crop(box)
        colours = crop.getcolors(maxcolors=1 << 16) or []
        dark = sum(n for n, rgb in colours if sum(rgb) < 3 * 150)
        # The emblem covers a good part of the picture in a dark deck colour.
        assert dark > 0.08 * crop.width * crop.height, face.card_id
        assert len(colours) > 3, face.card_id


def test_level_badge_sits_on_the_pictures_corner(tmp_path):
    from munchkin_dsl.render.pdf import fit_card as _fit_card

    out, _, _ = render(tmp_path, [undead_troll()])
    layout = plan_layout(PrintOptions())
    art = _fit_card(load_fonts(), undead_troll(), layout.cards[0], 6.0).boxes.art
    scale = 4.0
    image = pdfium.PdfDocument(out)[0].render(scale=scale).to_pil()
    # The badge is a deck-coloured disc just inside the picture's top-left corner.
    x, y = art.x + 5.8 * MM, art.top - 2 * MM
    assert _is_colour(_pixel(image, x, y, layout.page_h, scale), DECK_STYLE["door"][0])


# --------------------------------------------------------------------------- calibration


@pytest.mark.parametrize(("paper", "card", "orientation", "per_page"), [
    ("a4", "munchkin", "landscape", 10),
    ("letter", "poker", "landscape", 8),
    ("a4", "poker", "portrait", 9),
])
def test_calibration_follows_the_prints_page_and_cards(tmp_path, paper, card, orientation,
                                                        per_page):
    options = PrintOptions(paper=paper, card_size_mm=card, backs=True)
    out = tmp_path / "cal.pdf"
    report = render_calibration(options, out)
    layout = plan_layout(options)
    assert report.layout["orientation"] == layout.orientation == orientation
    assert report.layout["cards_per_page"] == per_page
    page = pypdf.PdfReader(out).pages[0]
    assert [float(v) for v in page.mediabox[2:]] == pytest.approx([layout.page_w, layout.page_h])
    # Targets sit at the centres of this print's corner cards (and the page centre).
    centres = {(round((r.x + r.w / 2) / MM, 2), round((r.y + r.h / 2) / MM, 2))
               for r in layout.cards}
    targets = [tuple(t) for t in report.layout["targets_mm"]]
    assert len(targets) == 5 and all(t in centres for t in targets[:4])
    assert f"{orientation} duplex calibration sheet" in report.layout["description"]


def test_calibration_for_a_print_shop_page(tmp_path):
    out = tmp_path / "cal.pdf"
    report = render_calibration(PrintOptions(mode="shop", backs=True), out)
    page = pypdf.PdfReader(out).pages[0]
    assert [float(v) for v in page.mediabox[2:]] == pytest.approx([62 * MM, 93 * MM])
    assert report.layout["targets_mm"] == [[31.0, 46.5]]


def test_no_two_placeholder_pictures_in_a_sample_pack_are_alike() -> None:
    """Each card without art gets its own emblem (kind/slot icon kept, the rest varied)."""
    from conftest import sample_packs

    from munchkin_dsl.compiler.api import compile_packs
    from munchkin_dsl.render.emblem import emblem_for
    from munchkin_dsl.render.from_cards import faces_of_packs

    for pack in sample_packs():
        result = compile_packs([pack])
        faces, _ = faces_of_packs(result.packs, result.data.cards, None, ("en", "ru", "pl"))
        emblems = [emblem_for(f.kind, f.deck, f.slot, f.tags, f.card_id) for f in faces]
        assert len(set(emblems)) == len(faces), pack.name
        # deterministic, and a slot's icon says the slot
        assert emblems == [emblem_for(f.kind, f.deck, f.slot, f.tags, f.card_id)
                           for f in faces]
        for face, emblem in zip(faces, emblems, strict=True):
            if face.slot == "footgear":
                assert emblem.icon == "boot"


@pytest.mark.parametrize("radius", [0.18, 0.32, 2.5, 11.0])
def test_pattern_circles_are_reportlabs_circles_byte_for_byte(radius):
    """The grids' circles are written without reportlab's per-circle calls
    (emblem.circle_code); they must stay the bytes reportlab's ``circle`` writes."""
    from reportlab.pdfgen.pathobject import PDFPathObject

    from munchkin_dsl.render.emblem import circle_code

    step = 3.0 * 72 / 25.4
    for i in range(-12, 13):
        for j in range(-12, 13):
            x, y = i * step, j * step + (step / 2 if i % 2 else 0.0)
            expected = PDFPathObject()
            expected.circle(x, y, step * radius)
            assert ["n", *circle_code(x, y, step * radius)] == expected._code, (x, y)
