#!/usr/bin/env python3
"""Writes puzzles.ods for tests/workbook.rs: a minimal OpenDocument spreadsheet (standard
library only) with a one-line puzzle and its label, and a 4x4 grid typed into cells."""
import zipfile

TOP1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
GRID = [[1, None, None, None], [None, None, 3, None], [None, 4, None, None], [None, None, None, 2]]


def cell(v):
    if v is None:
        return '<table:table-cell/>'
    if isinstance(v, int):
        return (f'<table:table-cell office:value-type="float" office:value="{v}">'
                f'<text:p>{v}</text:p></table:table-cell>')
    return f'<table:table-cell office:value-type="string"><text:p>{v}</text:p></table:table-cell>'


def row(values):
    return '<table:table-row>' + ''.join(cell(v) for v in values) + '</table:table-row>'


NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
      'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
      'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')


def write_ods(path, tables):
    """Writes an .ods file at `path` whose spreadsheet holds `tables` (table:table XML)."""
    content = (f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content {NS} office:version="1.2">'
               f'<office:body><office:spreadsheet>{tables}'
               '</office:spreadsheet></office:body></office:document-content>')
    manifest = ('<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest '
                'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                '<manifest:file-entry manifest:full-path="/" '
                'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
                '</manifest:manifest>')
    with zipfile.ZipFile(path, 'w') as z:
        z.writestr(zipfile.ZipInfo('mimetype'), 'application/vnd.oasis.opendocument.spreadsheet')
        z.writestr('META-INF/manifest.xml', manifest, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr('content.xml', content, compress_type=zipfile.ZIP_DEFLATED)


if __name__ == '__main__':
    body = row(["Daily", None]) + row([TOP1, "top1465 #1"]) + row([None])
    body += row([None, "Small"]) + ''.join(row([None] + r) for r in GRID)
    write_ods('puzzles.ods', f'<table:table table:name="Puzzles">{body}</table:table>')
