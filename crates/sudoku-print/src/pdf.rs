//! Pages drawn as PDF with krilla: vector drawing, the fonts embedded (subsets of Noto Sans
//! CJK SC and Noto Sans, subset again by krilla to the glyphs used), text kept as text so it
//! can be selected and searched.
//!
//! A character is drawn in the first face of the chain that has it: Noto Sans CJK SC (ASCII,
//! the 6,763 hanzi of GB 2312 and CJK punctuation), then Noto Sans (the Latin, Greek and
//! Cyrillic alphabets), then the font given with `--font` ([`ExtraFont`]), if any.

use std::sync::Arc;

use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect, Transform};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, LineCap, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};

use crate::PrintError;
use crate::canvas::{Anchor, Canvas};

/// The regular and bold faces of Noto Sans CJK SC and of Noto Sans, subset by
/// `fonts/subset.sh`.
pub(crate) static REGULAR: &[u8] = include_bytes!("../fonts/NotoSansSC-Sudoku-Regular.otf");
pub(crate) static BOLD: &[u8] = include_bytes!("../fonts/NotoSansSC-Sudoku-Bold.otf");
pub(crate) static LATIN_REGULAR: &[u8] = include_bytes!("../fonts/NotoSans-Sudoku-Regular.ttf");
pub(crate) static LATIN_BOLD: &[u8] = include_bytes!("../fonts/NotoSans-Sudoku-Bold.ttf");

/// A TrueType or OpenType font file for the characters the fonts built in lack (a title in
/// Japanese kana, Arabic, Hebrew, ...): `sudoku print --font FILE`. It serves both weights.
#[derive(Clone)]
pub struct ExtraFont {
    data: Arc<Vec<u8>>,
}

impl std::fmt::Debug for ExtraFont {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ExtraFont({} bytes)", self.data.len())
    }
}

impl ExtraFont {
    /// The font in `data` (a `.ttf` or `.otf` file; the first font of a collection), or why
    /// it cannot be used.
    pub fn new(data: Vec<u8>) -> Result<ExtraFont, PrintError> {
        let font = FontRef::from_index(&data, 0)
            .map_err(|e| PrintError::Font(format!("not a TrueType or OpenType font ({e})")))?;
        if font.charmap().mappings().next().is_none() {
            return Err(PrintError::Font("it maps no character to a glyph".into()));
        }
        if Font::new(data.clone().into(), 0).is_none() {
            return Err(PrintError::Font("the PDF writer cannot read it".into()));
        }
        Ok(ExtraFont {
            data: Arc::new(data),
        })
    }
}

/// The faces a text is drawn in, in the order a character is looked up.
fn chain(bold: bool, extra: Option<&ExtraFont>) -> Vec<&[u8]> {
    let mut faces: Vec<&[u8]> = if bold {
        vec![BOLD, LATIN_BOLD]
    } else {
        vec![REGULAR, LATIN_REGULAR]
    };
    if let Some(extra) = extra {
        faces.push(&extra.data);
    }
    faces
}

/// The characters of `text` that no font has, neither those built in nor `extra`, in the
/// order of their first appearance, once each.
pub fn lacking(text: &str, extra: Option<&ExtraFont>) -> Vec<char> {
    let faces: Vec<FontRef<'_>> = chain(false, extra)
        .into_iter()
        .filter_map(|data| FontRef::new(data).ok())
        .collect();
    let mut missing: Vec<char> = Vec::new();
    for c in text.chars() {
        if !c.is_whitespace()
            && !c.is_control()
            && !faces.iter().any(|f| f.charmap().map(c).is_some())
            && !missing.contains(&c)
        {
            missing.push(c);
        }
    }
    missing
}

/// Points per millimetre: the page is drawn in millimetres under this scale.
const PT: f64 = 72.0 / 25.4;

/// A PDF of `count` pages of `size` mm, each drawn by `draw(page, canvas)`.
pub(crate) fn document(
    size: (f64, f64),
    count: usize,
    extra: Option<&ExtraFont>,
    draw: impl FnMut(usize, &mut dyn Canvas),
) -> Result<Vec<u8>, PrintError> {
    document_trimmed(size, count, extra, |_| None, draw)
}

/// One face of the chain: the font for krilla and the same for measuring and mapping.
struct Face<'d> {
    font: Font,
    data: &'d [u8],
    charmap_of: FontRef<'d>,
}

/// The chain of faces of one weight, ready to draw.
fn faces<'d>(bold: bool, extra: Option<&'d ExtraFont>) -> Result<Vec<Face<'d>>, PrintError> {
    chain(bold, extra)
        .into_iter()
        .map(|data| {
            let font = Font::new(data.to_vec().into(), 0);
            let parsed = FontRef::new(data).ok();
            match (font, parsed) {
                (Some(font), Some(charmap_of)) => Ok(Face {
                    font,
                    data,
                    charmap_of,
                }),
                _ => Err(PrintError::Pdf("an embedded font cannot be read".into())),
            }
        })
        .collect()
}

/// [`document`] with a trim box per page (`trim(page)`: `(x, y, w, h)` mm from the top-left
/// corner) for pages printed with bleed: the media box is the whole sheet, the trim box the
/// finished page, the bleed box the sheet.
pub(crate) fn document_trimmed(
    size: (f64, f64),
    count: usize,
    extra: Option<&ExtraFont>,
    trim: impl Fn(usize) -> Option<(f64, f64, f64, f64)>,
    mut draw: impl FnMut(usize, &mut dyn Canvas),
) -> Result<Vec<u8>, PrintError> {
    let regular = faces(false, extra)?;
    let bold = faces(true, extra)?;
    let mut document = Document::new();
    let mut missing = Vec::new();
    for i in 0..count {
        let mut settings = PageSettings::from_wh((size.0 * PT) as f32, (size.1 * PT) as f32)
            .ok_or_else(|| PrintError::Pdf(format!("a page of {} x {} mm", size.0, size.1)))?;
        if let Some((x, y, w, h)) = trim(i) {
            // PDF boxes count from the bottom-left corner, in points.
            let bottom = size.1 - y - h;
            let rect = krilla::geom::Rect::from_xywh(
                (x * PT) as f32,
                (bottom * PT) as f32,
                (w * PT) as f32,
                (h * PT) as f32,
            );
            let sheet =
                krilla::geom::Rect::from_xywh(0.0, 0.0, (size.0 * PT) as f32, (size.1 * PT) as f32);
            settings = settings.with_trim_box(rect).with_bleed_box(sheet);
        }
        let mut page = document.start_page_with(settings);
        let mut surface = page.surface();
        surface.push_transform(&Transform::from_scale(PT as f32, PT as f32));
        {
            let mut canvas = Pdf {
                surface: &mut surface,
                regular: &regular,
                bold: &bold,
                missing: &mut missing,
            };
            draw(i, &mut canvas);
        }
        surface.pop();
        surface.finish();
        page.finish();
    }
    if !missing.is_empty() {
        return Err(PrintError::MissingGlyphs(missing));
    }
    document
        .finish()
        .map_err(|e| PrintError::Pdf(format!("{e:?}")))
}

struct Pdf<'s, 'a, 'd> {
    surface: &'s mut Surface<'a>,
    regular: &'s [Face<'d>],
    bold: &'s [Face<'d>],
    /// Characters drawn that no face has (they would print as nothing), once each.
    missing: &'s mut Vec<char>,
}

/// `#rrggbb`, `black` or `white` as a colour (black if it is none of those).
fn colour(text: &str) -> rgb::Color {
    let hex = match text {
        "white" => "ffffff",
        "black" => "000000",
        t => t.trim_start_matches('#'),
    };
    let byte = |i: usize| {
        hex.get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .unwrap_or(0)
    };
    rgb::Color::new(byte(0), byte(2), byte(4))
}

fn fill(text: &str) -> Fill {
    Fill {
        paint: colour(text).into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }
}

/// The width of `text` at `size` in a face, from its advance widths.
fn text_width(face: &[u8], size: f64, text: &str) -> f64 {
    let Ok(font) = FontRef::new(face) else {
        return 0.0;
    };
    let charmap = font.charmap();
    let metrics = font.glyph_metrics(Size::new(size as f32), LocationRef::default());
    text.chars()
        .filter_map(|c| charmap.map(c))
        .filter_map(|g| metrics.advance_width(g))
        .map(f64::from)
        .sum()
}

/// `text` cut into runs, each with the face (its index in `faces`) that draws it: the face
/// of the run before while it has the character (so a word does not change font for a
/// letter both faces have), else the first face that has it. Whitespace before a change of
/// face goes with the new run (a text extractor then still sees the space); a character no
/// face has stays in the run it is in.
fn runs<'t>(faces: &[Face<'_>], text: &'t str) -> Vec<(usize, &'t str)> {
    let has = |k: usize, c: char| faces[k].charmap_of.charmap().map(c).is_some();
    let mut out: Vec<(usize, &'t str)> = Vec::new();
    let mut start = 0;
    let mut current: Option<usize> = None;
    for (at, c) in text.char_indices() {
        if c.is_whitespace() || current.is_some_and(|k| has(k, c)) {
            continue;
        }
        let Some(k) = (0..faces.len()).find(|&k| has(k, c)) else {
            continue;
        };
        match current {
            Some(face) if face != k => {
                let cut = start + text[start..at].trim_end().len();
                if cut > start {
                    out.push((face, &text[start..cut]));
                    start = cut;
                }
            }
            _ => {}
        }
        current = Some(k);
    }
    if start < text.len() {
        out.push((current.unwrap_or(0), &text[start..]));
    }
    out
}

impl Canvas for Pdf<'_, '_, '_> {
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, colour: &str) {
        let mut pb = PathBuilder::new();
        if let Some(r) = Rect::from_xywh(x as f32, y as f32, w as f32, h as f32) {
            pb.push_rect(r);
        }
        if let Some(path) = pb.finish() {
            self.surface.set_stroke(None);
            self.surface.set_fill(Some(fill(colour)));
            self.surface.draw_path(&path);
        }
    }

    fn circle(&mut self, cx: f64, cy: f64, r: f64, colour: &str) {
        // Four cubic arcs (the usual 0.5523 control distance).
        let (cx, cy, r) = (cx as f32, cy as f32, r as f32);
        let k = 0.552_284_8 * r;
        let mut pb = PathBuilder::new();
        pb.move_to(cx + r, cy);
        pb.cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
        pb.cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
        pb.cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
        pb.cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
        pb.close();
        if let Some(path) = pb.finish() {
            self.surface.set_stroke(None);
            self.surface.set_fill(Some(fill(colour)));
            self.surface.draw_path(&path);
        }
    }

    fn strokes(
        &mut self,
        lines: &[[f64; 4]],
        colour: &str,
        width: f64,
        dash: Option<(f64, f64)>,
        square: bool,
    ) {
        let mut pb = PathBuilder::new();
        for [x1, y1, x2, y2] in lines {
            pb.move_to(*x1 as f32, *y1 as f32);
            pb.line_to(*x2 as f32, *y2 as f32);
        }
        let Some(path) = pb.finish() else {
            return;
        };
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(Stroke {
            paint: self::colour(colour).into(),
            width: width as f32,
            line_cap: if square {
                LineCap::Square
            } else {
                LineCap::Butt
            },
            dash: dash.map(|(on, off)| StrokeDash {
                array: vec![on as f32, off as f32],
                offset: 0.0,
            }),
            ..Stroke::default()
        }));
        self.surface.draw_path(&path);
        self.surface.set_stroke(None);
    }

    fn text(
        &mut self,
        x: f64,
        y: f64,
        size: f64,
        anchor: Anchor,
        bold: bool,
        colour: &str,
        text: &str,
    ) {
        for c in text.chars() {
            let drawn = c.is_whitespace()
                || c.is_control()
                || self
                    .regular
                    .iter()
                    .any(|f| f.charmap_of.charmap().map(c).is_some());
            if !drawn && !self.missing.contains(&c) {
                self.missing.push(c);
            }
        }
        let faces = if bold { self.bold } else { self.regular };
        let runs = runs(faces, text);
        let widths: Vec<f64> = runs
            .iter()
            .map(|&(k, run)| text_width(faces[k].data, size, run))
            .collect();
        let mut x = match anchor {
            Anchor::Start => x,
            Anchor::Middle => x - widths.iter().sum::<f64>() / 2.0,
        };
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(fill(colour)));
        for ((k, run), width) in runs.into_iter().zip(widths) {
            self.surface.draw_text(
                Point::from_xy(x as f32, y as f32),
                faces[k].font.clone(),
                size as f32,
                run,
                false,
                TextDirection::Auto,
            );
            x += width;
        }
    }
}
