#!/usr/bin/env python3
"""Makes the season reports' font from Liberation Sans (apps/api/assets/fonts/README.md).

    /usr/bin/python3 scripts/make-report-font.py

Run by hand (needs fontTools); the result is committed. Reads LiberationSans-Regular.ttf and
LiberationSans-Bold.ttf and writes ClubReportSans-Regular.ttf and ClubReportSans-Bold.ttf next to
them: the same glyphs, cmap, metrics, hinting and `kern` table, without the OpenType layout tables
(GSUB, GPOS, GDEF), under another name. The SIL Open Font License 1.1 reserves the name
«Liberation» (and Google's «Arimo», «Tinos», «Cousine») for the unmodified fonts, so the modified
copy carries none of them as its name. The same inputs give the same bytes (no new timestamp).
"""

from pathlib import Path

from fontTools.ttLib import TTFont

FONTS = Path(__file__).resolve().parent.parent / 'apps' / 'api' / 'assets' / 'fonts'
FAMILY = 'Club Report Sans'
POSTSCRIPT_FAMILY = 'ClubReportSans'
DROPPED_TABLES = ('GSUB', 'GPOS', 'GDEF')
MODIFIED = (
    'Modified version of Liberation Sans 2.1.5: the OpenType layout tables GSUB, GPOS and GDEF removed '
    '(kerning from the kern table) and the font renamed, as the SIL Open Font License 1.1 requires.'
)


def make(style: str) -> None:
    source = FONTS / f'LiberationSans-{style}.ttf'
    target = FONTS / f'{POSTSCRIPT_FAMILY}-{style}.ttf'
    font = TTFont(source, recalcTimestamp=False)
    if 'kern' not in font:
        raise SystemExit(f'{source.name} has no kern table: the copy would lose its kerning')
    for tag in DROPPED_TABLES:
        if tag in font:
            del font[tag]

    name = font['name']
    version = name.getDebugName(5)  # e.g. 'Version 2.1.5'
    full = FAMILY if style == 'Regular' else f'{FAMILY} {style}'
    postscript = f'{POSTSCRIPT_FAMILY}-{style}' if style != 'Regular' else POSTSCRIPT_FAMILY
    values = {
        1: FAMILY,  # family
        2: style,  # subfamily
        3: f'{version.removeprefix("Version ")};{postscript}',  # unique ID
        4: full,  # full name
        5: f'{version}; modified',  # version
        6: postscript,  # PostScript name
        10: f'{name.getDebugName(10)} {MODIFIED}',  # description
        16: FAMILY,  # typographic family
        17: style,  # typographic subfamily
    }
    kept = {0, 8, 9, 11, 12, 13, 14}  # copyright, manufacturer, designer, their URLs, licence and its URL
    records = {(r.platformID, r.platEncID, r.langID) for r in name.names}
    old = {(r.nameID, r.platformID, r.platEncID, r.langID): r.toUnicode() for r in name.names}
    name.names = []
    for platform in sorted(records):
        for name_id in sorted(kept | values.keys()):
            text = values.get(name_id, old.get((name_id, *platform)))
            if text is not None:
                name.setName(text, name_id, *platform)
    # ID 7 (the trademark notice for «Liberation») is dropped with the name.
    for record in name.names:
        text = record.toUnicode()
        if record.nameID not in {0, 10} and 'Liberation' in text:
            raise SystemExit(f'name ID {record.nameID} still says Liberation: {text}')

    font.save(target)
    print(f'{target.relative_to(FONTS.parents[3])}: {postscript}, tables {" ".join(sorted(font.keys()))}')


for style in ('Regular', 'Bold'):
    make(style)
