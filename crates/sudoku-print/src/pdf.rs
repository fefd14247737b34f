//! Pages drawn as PDF with krilla: vector drawing, the Noto Sans CJK SC subset embedded (and
//! subset again by krilla to the glyphs used), text kept as text so it can be selected and
//! searched.

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

/// The regular and bold faces, subset by `fonts/subset.sh`.
pub(crate) static REGULAR: &[u8] = include_bytes!("../fonts/NotoSansSC-Sudoku-Regular.otf");
pub(crate) static BOLD: &[u8] = include_bytes!("../fonts/NotoSansSC-Sudoku-Bold.otf");

/// Points per millimetre: the page is drawn in millimetres under this scale.
const PT: f64 = 72.0 / 25.4;

/// A PDF of `count` pages of `size` mm, each drawn by `draw(page, canvas)`.
pub(crate) fn document(
    size: (f64, f64),
    count: usize,
    draw: impl FnMut(usize, &mut dyn Canvas),
) -> Result<Vec<u8>, PrintError> {
    document_trimmed(size, count, |_| None, draw)
}

/// [`document`] with a trim box per page (`trim(page)`: `(x, y, w, h)` mm from the top-left
/// corner) for pages printed with bleed: the media box is the whole sheet, the trim box the
/// finished page, the bleed box the sheet.
pub(crate) fn document_trimmed(
    size: (f64, f64),
    count: usize,
    trim: impl Fn(usize) -> Option<(f64, f64, f64, f64)>,
    mut draw: impl FnMut(usize, &mut dyn Canvas),
) -> Result<Vec<u8>, PrintError> {
    let fonts = [REGULAR, BOLD].map(|data| Font::new(data.to_vec().into(), 0));
    let [Some(regular), Some(bold)] = fonts else {
        return Err(PrintError::Pdf("the embedded font cannot be read".into()));
    };
    let mut document = Document::new();
    let mut missing = std::collections::BTreeSet::new();
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
                regular: regular.clone(),
                bold: bold.clone(),
                missing: &mut missing,
            };
            draw(i, &mut canvas);
        }
        surface.pop();
        surface.finish();
        page.finish();
    }
    if !missing.is_empty() {
        return Err(PrintError::MissingGlyphs(missing.into_iter().collect()));
    }
    document
        .finish()
        .map_err(|e| PrintError::Pdf(format!("{e:?}")))
}

struct Pdf<'s, 'a> {
    surface: &'s mut Surface<'a>,
    regular: Font,
    bold: Font,
    /// Characters drawn that the embedded font lacks (they would print as nothing).
    missing: &'s mut std::collections::BTreeSet<char>,
}

/// The characters of `text` the embedded font has no glyph for.
pub(crate) fn lacking(text: &str) -> impl Iterator<Item = char> + '_ {
    let font = FontRef::new(REGULAR).ok();
    text.chars().filter(move |&c| {
        !c.is_whitespace() && font.as_ref().and_then(|f| f.charmap().map(c)).is_none()
    })
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
pub(crate) fn text_width(face: &[u8], size: f64, text: &str) -> f64 {
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

impl Canvas for Pdf<'_, '_> {
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
        self.missing.extend(lacking(text));
        let (font, face) = if bold {
            (self.bold.clone(), BOLD)
        } else {
            (self.regular.clone(), REGULAR)
        };
        let x = match anchor {
            Anchor::Start => x,
            Anchor::Middle => x - text_width(face, size, text) / 2.0,
        };
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(fill(colour)));
        self.surface.draw_text(
            Point::from_xy(x as f32, y as f32),
            font,
            size as f32,
            text,
            false,
            TextDirection::Auto,
        );
    }
}
