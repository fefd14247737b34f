#!/usr/bin/env python3
"""Writes the two many-sheet workbooks of the workbook tests (the CLI's too): each sheet is
within the bound of cells read from one sheet, the workbook far past the bound of cells read
from a whole workbook, and calamine lays out every sheet as it opens the file.

many-sheets.xls (needs xlwt 1.3.0 from PyPI): 40 sheets `S1`..`S40`, each with numbers in
A1 and IV15625, a rectangle of 15,625 rows by 256 columns = 4,000,000 cells; 160 million
cells in all (calamine took 5.1 GB for it).

many-sheets.ods (standard library only): 20 sheets `S1`..`S20`, each with numbers in A1
and AMJ3906, 3,906 rows by 1,024 columns = 3,999,744 cells; 80 million in all (2.6 GB).
"""
import xlwt

from make_puzzles_ods import cell, write_ods

book = xlwt.Workbook()
for k in range(1, 41):
    sheet = book.add_sheet(f"S{k}")
    sheet.write(0, 0, 5)
    sheet.write(15624, 255, 7)
book.save("many-sheets.xls")


sheet = ('<table:table-row>' + cell(5) + '</table:table-row>'
         '<table:table-row table:number-rows-repeated="3904"><table:table-cell/></table:table-row>'
         '<table:table-row><table:table-cell table:number-columns-repeated="1023"/>'
         + cell(7) + '</table:table-row>')
tables = ''.join(f'<table:table table:name="S{k}">{sheet}</table:table>' for k in range(1, 21))
write_ods('many-sheets.ods', tables)
