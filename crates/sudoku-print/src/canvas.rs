//! What a page is drawn on: the few primitives a printed grid needs (filled rectangles and
//! circles, straight strokes, text), written once as SVG and once as PDF, so that the two
//! outputs are the same drawing. Units are millimetres from the page's top-left corner;
//! colours are `#rrggbb` or `black` / `white`.

use std::fmt::Write;

/// Where a text's `x` is: at its start or its middle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Anchor {
    Start,
    Middle,
}

/// The drawing primitives.
pub(crate) trait Canvas {
    /// A filled rectangle.
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str);
    /// A filled circle.
    fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str);
    /// Straight strokes `(x1, y1, x2, y2)` of one colour and width, dashed `(on, off)` if
    /// asked; `square` caps reach half the width past the ends (so box lines meet cleanly).
    fn strokes(
        &mut self,
        lines: &[[f64; 4]],
        colour: &str,
        width: f64,
        dash: Option<(f64, f64)>,
        square: bool,
    );
    /// Text with its baseline at `y`.
    #[allow(clippy::too_many_arguments)]
    fn text(
        &mut self,
        x: f64,
        y: f64,
        size: f64,
        anchor: Anchor,
        bold: bool,
        fill: &str,
        text: &str,
    );
}

/// A canvas seen through a shift: everything drawn moves by `(dx, dy)` mm. A page with bleed
/// is drawn as its trimmed page, shifted to where the trim box lies.
pub(crate) struct Shifted<'a> {
    pub(crate) inner: &'a mut dyn Canvas,
    pub(crate) dx: f64,
    pub(crate) dy: f64,
}

impl Canvas for Shifted<'_> {
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str) {
        self.inner.rect(x + self.dx, y + self.dy, w, h, fill);
    }

    fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str) {
        self.inner.circle(cx + self.dx, cy + self.dy, r, fill);
    }

    fn strokes(
        &mut self,
        lines: &[[f64; 4]],
        colour: &str,
        width: f64,
        dash: Option<(f64, f64)>,
        square: bool,
    ) {
        let (dx, dy) = (self.dx, self.dy);
        let moved: Vec<[f64; 4]> = lines
            .iter()
            .map(|[a, b, c, d]| [a + dx, b + dy, c + dx, d + dy])
            .collect();
        self.inner.strokes(&moved, colour, width, dash, square);
    }

    fn text(
        &mut self,
        x: f64,
        y: f64,
        size: f64,
        anchor: Anchor,
        bold: bool,
        fill: &str,
        text: &str,
    ) {
        self.inner
            .text(x + self.dx, y + self.dy, size, anchor, bold, fill, text);
    }
}

/// The fonts an SVG asks for, in order: the family the PDF embeds first.
pub(crate) const FONTS: &str = "'Noto Sans CJK SC', 'Noto Sans SC', 'DejaVu Sans', sans-serif";

/// A page drawn as an SVG document.
pub(crate) struct Svg {
    out: String,
}

impl Svg {
    /// A white page of `w` x `h` mm.
    pub(crate) fn new(w: f64, h: f64) -> Svg {
        let mut out = String::new();
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}mm\" height=\"{h}mm\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"{FONTS}\">\n\
             <rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
        );
        Svg { out }
    }

    /// The finished document.
    pub(crate) fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// Text escaped for XML.
pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Canvas for Svg {
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{x:.3}\" y=\"{y:.3}\" width=\"{w:.3}\" height=\"{h:.3}\" fill=\"{fill}\"/>"
        );
    }

    fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str) {
        let _ = writeln!(
            self.out,
            "<circle cx=\"{cx:.3}\" cy=\"{cy:.3}\" r=\"{r:.3}\" fill=\"{fill}\"/>"
        );
    }

    fn strokes(
        &mut self,
        lines: &[[f64; 4]],
        colour: &str,
        width: f64,
        dash: Option<(f64, f64)>,
        square: bool,
    ) {
        if lines.is_empty() {
            return;
        }
        let mut d = String::new();
        for [x1, y1, x2, y2] in lines {
            let _ = write!(d, "M{x1:.3} {y1:.3}L{x2:.3} {y2:.3}");
        }
        let dash = dash.map_or(String::new(), |(on, off)| {
            format!(" stroke-dasharray=\"{on:.3} {off:.3}\"")
        });
        let cap = if square {
            " stroke-linecap=\"square\""
        } else {
            ""
        };
        let _ = writeln!(
            self.out,
            "<path d=\"{d}\" stroke=\"{colour}\" stroke-width=\"{width:.3}\" fill=\"none\"{cap}{dash}/>"
        );
    }

    fn text(
        &mut self,
        x: f64,
        y: f64,
        size: f64,
        anchor: Anchor,
        bold: bool,
        fill: &str,
        text: &str,
    ) {
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
        };
        let weight = if bold { "bold" } else { "normal" };
        let _ = writeln!(
            self.out,
            "<text x=\"{x:.2}\" y=\"{y:.2}\" font-size=\"{size:.2}\" text-anchor=\"{anchor}\" \
             font-weight=\"{weight}\" fill=\"{fill}\">{}</text>",
            escape(text)
        );
    }
}
