"""Writes the .xls files of the workbook tests (needs xlwt 1.3.0 from PyPI).

puzzles.xls: a sheet `Grid` with a 4x4 grid typed into A1:D4, and a sheet `Lines` with the
first puzzle of magictour_top1465.txt in A1 and its label in B1.

hostile-dimensions.xls: one sheet `S` with two numbers (A1, B2) whose DIMENSIONS record is
then rewritten to claim rows 0 to 2^32 - 2 and 256 columns (calamine reserved 44 TB for it).

hostile-far-cells.xls: one sheet `S` with numbers in A1 and IV65536 (the last cell of an
.xls sheet) whose DIMENSIONS record is then rewritten to claim 2 rows by 2 columns, so that
only the cells themselves tell how far the sheet runs.
"""
import xlwt

TOP1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def save(book, path, dimensions=None):
    book.save(path)
    if dimensions is None:
        return
    data = bytearray(open(path, "rb").read())
    # The BIFF8 DIMENSIONS record: type 0x0200, 14 bytes (first row, last row + 1 as u32,
    # first column, last column + 1 as u16, reserved).
    at = data.find(bytes([0x00, 0x02, 0x0E, 0x00]))
    assert at > 0, "no DIMENSIONS record"
    rf, rl, cf, cl = dimensions
    data[at + 4:at + 8] = rf.to_bytes(4, "little")
    data[at + 8:at + 12] = rl.to_bytes(4, "little")
    data[at + 12:at + 14] = cf.to_bytes(2, "little")
    data[at + 14:at + 16] = cl.to_bytes(2, "little")
    open(path, "wb").write(data)


book = xlwt.Workbook()
grid = book.add_sheet("Grid")
for r, row in enumerate([[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]):
    for c, v in enumerate(row):
        if v:
            grid.write(r, c, v)
lines = book.add_sheet("Lines")
lines.write(0, 0, TOP1)
lines.write(0, 1, "top1465 #1")
save(book, "puzzles.xls")

book = xlwt.Workbook()
sheet = book.add_sheet("S")
sheet.write(0, 0, 5)
sheet.write(1, 1, 7)
save(book, "hostile-dimensions.xls", (0, 0xFFFFFFFF, 0, 256))

book = xlwt.Workbook()
sheet = book.add_sheet("S")
sheet.write(0, 0, 5)
sheet.write(65535, 255, 7)
save(book, "hostile-far-cells.xls", (0, 2, 0, 2))
