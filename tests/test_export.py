"""`munchkin export png|tts`: image sizes and counts, pixels in their cells, the TTS JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import PACKS, SAMPLE
from PIL import Image

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.render import CardFace
from munchkin_dsl.render.export import (
    TTS_MAX_COLS,
    TTS_MAX_PX,
    TTS_MAX_ROWS,
    ImageSize,
    card_description,
    export_png,
    export_tts,
    plan_sheets,
    preset_size,
    tts_card_pixels,
    tts_cell_pixels,
)
from munchkin_dsl.render.pdf import DECK_STYLE

STAR = PACKS / "star-munchkin"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "munchkin_dsl", *args], capture_output=True,
                          text=True, timeout=300)


def rgb(colour: tuple[float, float, float]) -> tuple[int, int, int]:
    return tuple(round(v * 255) for v in colour)  # type: ignore[return-value]


def near(a, b, tol: int = 10) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def face(i: int, deck: str = "door") -> CardFace:
    return CardFace(card_id=f"c{i:03d}", deck=deck, title=f"Card {i}", kind_line="Monster",
                    body="+2 against Elves.", kind="monster", level=i % 20 + 1,
                    level_label="Level")


# --------------------------------------------------------------------------- PNG


@pytest.fixture(scope="module")
def sample_ids() -> list[str]:
    result = compile_packs([SAMPLE])
    assert result.data is not None
    return [card.id for card in result.data.cards]


def test_preset_sizes_match_the_print_services() -> None:
    assert preset_size("tgc").pixels == (825, 1125)
    assert preset_size("mpc").pixels == (822, 1122)
    assert ImageSize((56.0, 87.0), 3.0, 300.0).pixels == (732, 1098)


def test_png_export_of_a_pack(tmp_path, sample_ids) -> None:
    out = tmp_path / "png"
    proc = run("export", "png", str(SAMPLE), "-o", str(out), "--preset", "tgc",
               "--format", "json")
    assert proc.returncode == 0, proc.stderr
    reported = json.loads(proc.stdout)
    assert reported["written"] and reported["size_px"] == [825, 1125]
    files = sorted(p.name for p in out.iterdir())
    assert len(files) == 2 * len(sample_ids) + 1
    listing = json.loads((out / "cards.json").read_text())
    assert [c["id"] for c in listing["cards"]] == sample_ids
    for card in listing["cards"]:
        for side in ("front", "back"):
            image = Image.open(out / card[side])
            assert image.size == (825, 1125) and image.mode == "RGB", card[side]
        # The bleed corner of both sides is the deck colour: the design reaches the edge.
        colour = rgb(DECK_STYLE[card["deck"]][0])
        assert near(Image.open(out / card["front"]).getpixel((4, 4)), colour)
        assert near(Image.open(out / card["back"]).getpixel((4, 4)), colour)


def test_png_export_is_deterministic_and_names_by_id(tmp_path) -> None:
    faces = [face(1), face(2, "treasure")]
    size = ImageSize((56.0, 87.0), 2.0, 100.0)
    for name in ("a", "b"):
        report = export_png(faces, tmp_path / name, size, DiagnosticSink())
        assert report.written
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == ["c001-back.png", "c001-front.png", "c002-back.png", "c002-front.png",
                     "cards.json"]
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    assert Image.open(tmp_path / "a" / "c001-front.png").size == size.pixels == (236, 358)


def test_export_without_packs_is_a_usage_error(tmp_path) -> None:
    proc = run("export", "png", "-o", str(tmp_path))
    assert proc.returncode == 2 and "no PACK given" in proc.stderr
    assert "Traceback" not in proc.stderr


# --------------------------------------------------------------------------- TTS


def test_tts_card_size_fits_a_full_sheet_in_tts_card_shaped_cells() -> None:
    cell_w, cell_h = tts_cell_pixels()
    assert cell_w * TTS_MAX_COLS <= TTS_MAX_PX and cell_h * TTS_MAX_ROWS <= TTS_MAX_PX
    assert abs(cell_w / cell_h - 5 / 7) < 0.005  # TTS's card model: no stretching
    assert (cell_w, cell_h) == (409, 572)
    w, h = tts_card_pixels((56.0, 87.0))
    assert abs(w / h - 56 / 87) < 0.01 and h == cell_h and w < cell_w  # padded, not stretched
    assert (w, h) == (368, 572)
    pw, ph = tts_card_pixels((63.0, 88.0))  # poker cards are a little wider than 5:7
    assert pw == cell_w and ph <= cell_h


def test_sheets_split_by_back_and_at_seventy() -> None:
    faces = [face(i) for i in range(150)] + [face(200 + i, "treasure") for i in range(3)]
    planned = plan_sheets(faces)
    assert [key for key, _ in planned] == [("door", "DOOR"), ("treasure", "TREASURE")]
    door = planned[0][1]
    assert [len(s.faces) for s in door] == [70, 70, 10]
    assert [(s.cols, s.rows) for s in door] == [(10, 7), (10, 7), (10, 1)]
    assert (planned[1][1][0].cols, planned[1][1][0].rows) == (3, 1)


@pytest.fixture(scope="module")
def star_tts(tmp_path_factory):
    out = tmp_path_factory.mktemp("tts")
    proc = run("export", "tts", str(STAR), "--lang", "ru", "-o", str(out),
               "--base-url", "https://example.org/star/")
    assert proc.returncode == 0, proc.stderr
    return out


def test_tts_json_has_the_fields_tts_reads(star_tts) -> None:
    saved = json.loads((star_tts / "Munchkin_cards.json").read_text())
    assert isinstance(saved["ObjectStates"], list) and len(saved["ObjectStates"]) == 2
    nicknames = [deck["Nickname"] for deck in saved["ObjectStates"]]
    assert nicknames == ["Шлюз", "Трофеи"]
    for deck in saved["ObjectStates"]:
        assert deck["Name"] == "DeckCustom"
        assert set(deck["Transform"]) >= {"posX", "posY", "posZ", "rotX", "rotY", "rotZ",
                                          "scaleX", "scaleY", "scaleZ"}
        assert deck["DeckIDs"] == [card["CardID"] for card in deck["ContainedObjects"]]
        for key, entry in deck["CustomDeck"].items():
            assert key.isdigit()
            assert entry["FaceURL"].startswith("https://example.org/star/")
            assert entry["BackURL"].startswith("https://example.org/star/")
            assert entry["BackURL"].endswith("-back.png")
            assert 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7
            assert entry["BackIsHidden"] is True
        for card in deck["ContainedObjects"]:
            assert card["Name"] == "Card" and isinstance(card["CardID"], int)
            assert str(card["CardID"] // 100) in card["CustomDeck"]
            assert card["Nickname"] and isinstance(card["Description"], str)
    backs = {deck["CustomDeck"][next(iter(deck["CustomDeck"]))]["BackURL"]
             for deck in saved["ObjectStates"]}
    assert len(backs) == 2  # Door and Treasure have different backs


def test_tts_round_trip_every_card_once_in_its_cell(star_tts) -> None:
    result = compile_packs([STAR])
    assert result.data is not None
    cards = {card.id: card for card in result.data.cards}
    saved = json.loads((star_tts / "Munchkin_cards.json").read_text())
    seen: list[str] = []
    for deck in saved["ObjectStates"]:
        for card in deck["ContainedObjects"]:
            card_id = card["Memo"]
            seen.append(card_id)
            data = cards[card_id]
            assert card["Nickname"] == data.names.get("ru", data.names["en"])
            entry = card["CustomDeck"][str(card["CardID"] // 100)]
            index = card["CardID"] % 100
            sheet = Image.open(star_tts / entry["FaceURL"].rsplit("/", 1)[1])
            assert sheet.mode == "RGB" and max(sheet.size) <= TTS_MAX_PX
            cw, ch = sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"]
            assert (cw, ch) == (409, 572)
            pad = (cw - 368) // 2  # the 368 px wide card is centred on its cell
            col, row = index % entry["NumWidth"], index // entry["NumWidth"]
            # The card's title band, in its deck colour, fills the top of its own cell...
            colour = rgb(DECK_STYLE[data.deck][0])
            assert near(sheet.getpixel((col * cw + 3, row * ch + 3)), colour), card_id
            assert near(sheet.getpixel((col * cw + cw - 4, row * ch + 8)), colour), card_id
            # ...its frame runs down the cell's left edge, and paper lies just inside it.
            assert near(sheet.getpixel((col * cw + 3, row * ch + ch // 2)), colour), card_id
            assert sum(sheet.getpixel((col * cw + pad + 14, row * ch + int(ch * 0.8)))) > 600
    assert sorted(seen) == sorted(cards)


def test_tts_without_base_url_points_at_local_files(tmp_path) -> None:
    report = export_tts([face(1), face(2)], tmp_path / "t", (56.0, 87.0), DiagnosticSink())
    assert report.written
    saved = json.loads((tmp_path / "t" / report.extra["json"]).read_text())
    entry = next(iter(saved["ObjectStates"][0]["CustomDeck"].values()))
    assert entry["FaceURL"].startswith("file:///")
    assert Path(entry["FaceURL"][len("file://"):]).is_file()


def test_tts_single_card_deck_is_a_card_object(tmp_path) -> None:
    report = export_tts([face(1), face(2, "treasure")], tmp_path, (56.0, 87.0),
                        DiagnosticSink(), base_url="https://x.test")
    saved = json.loads((tmp_path / report.extra["json"]).read_text())
    assert [o["Name"] for o in saved["ObjectStates"]] == ["Card", "Card"]


def test_tts_deck_of_more_than_seventy_cards_spans_two_sheets(tmp_path) -> None:
    faces = [face(i) for i in range(71)]
    report = export_tts(faces, tmp_path, (56.0, 87.0), DiagnosticSink(),
                        base_url="https://x.test")
    assert [(s["file"], s["cols"], s["rows"], s["cards"]) for s in report.extra["sheets"]] == [
        ("door-sheet-1.png", 10, 7, 70), ("door-sheet-2.png", 1, 1, 1)]
    assert Image.open(tmp_path / "door-sheet-1.png").size == (4090, 4004)
    saved = json.loads((tmp_path / report.extra["json"]).read_text())
    deck = saved["ObjectStates"][0]
    assert sorted(deck["CustomDeck"]) == ["1", "2"]
    assert deck["DeckIDs"] == [*range(100, 170), 200]
    assert [card["Memo"] for card in deck["ContainedObjects"]] == [f.card_id for f in faces]


def test_tts_description_carries_everything_the_face_prints() -> None:
    monster = CardFace(card_id="m", deck="door", title="Net Troll", kind_line="Monster",
                       body="+2 against Elves.", kind="monster", level=10,
                       level_label="Level", footer_left="3 Treasures", tags=("Undead",),
                       bad_stuff="Lose 2 levels.", bad_stuff_label="Bad Stuff:")
    assert card_description(monster) == ("Monster · Level 10 · 3 Treasures\nUndead\n"
                                         "+2 against Elves.\nBad Stuff: Lose 2 levels.")
    item = CardFace(card_id="i", deck="treasure", title="Boots", kind_line="Item · Footgear",
                    bonus=2, slot="footgear", slot_label="Footgear",
                    value_line="400 Gold Pieces")
    assert card_description(item) == "Item · Footgear · +2 · Footgear · 400 Gold Pieces"


def test_tts_exports_a_mix_settled_by_a_resolution_file(tmp_path) -> None:
    """`export tts A B --resolve FILE` exports the merged cards `munchkin mix` makes."""
    from munchkin_dsl.mix import mix_packs

    packs = [str(STAR), str(PACKS / "munchkin-1.6")]
    resolution = str(PACKS.parent / "mixes" / "star-base.resolve")
    out = tmp_path / "mix"
    proc = run("export", "tts", *packs, "--resolve", resolution, "-o", str(out),
               "--base-url", "https://x.test")
    assert proc.returncode == 0, proc.stderr
    mixed = mix_packs(packs, resolution)
    assert mixed.merged is not None
    saved = json.loads((out / "Munchkin_cards.json").read_text())
    memos = [card["Memo"] for deck in saved["ObjectStates"]
             for card in deck.get("ContainedObjects", [deck])]
    assert sorted(memos) == sorted(card.id for card in mixed.merged.data.cards)
    # each line keeps its own backs (Airlock and Door apart): four decks
    assert len(saved["ObjectStates"]) == 4
    # an unsettled mix is not exported
    proc = run("export", "tts", *packs, "--resolve", str(tmp_path / "missing.resolve"),
               "-o", str(tmp_path / "none"))
    assert proc.returncode != 0 and not (tmp_path / "none" / "Munchkin_cards.json").exists()
