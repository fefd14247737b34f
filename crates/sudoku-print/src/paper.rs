//! Paper sizes: A4, Letter, A5, or any `WIDTHxHEIGHT` in millimetres.

use std::str::FromStr;

/// A sheet of paper, in portrait orientation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
    /// ISO A5, 148 x 210 mm.
    A5,
    /// Any size, in millimetres.
    Custom {
        /// Width in mm.
        width: f64,
        /// Height in mm.
        height: f64,
    },
}

impl Paper {
    /// Width and height in millimetres, portrait.
    pub fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
            Paper::A5 => (148.0, 210.0),
            Paper::Custom { width, height } => (width, height),
        }
    }
}

/// A paper name that is neither a known size nor `WIDTHxHEIGHT` in millimetres.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is not a paper size: use a4, letter, a5, or WIDTHxHEIGHT in mm (80 to 1000), e.g. 170x240"
)]
pub struct PaperError(pub String);

impl FromStr for Paper {
    type Err = PaperError;

    fn from_str(s: &str) -> Result<Paper, PaperError> {
        let bad = || PaperError(s.to_string());
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            "a5" => Ok(Paper::A5),
            other => {
                let (w, h) = other.split_once('x').ok_or_else(bad)?;
                let w: f64 = w.trim().trim_end_matches("mm").parse().map_err(|_| bad())?;
                let h: f64 = h.trim().trim_end_matches("mm").parse().map_err(|_| bad())?;
                let ok = |v: f64| (80.0..=1000.0).contains(&v);
                if !ok(w) || !ok(h) {
                    return Err(bad());
                }
                Ok(Paper::Custom {
                    width: w,
                    height: h,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn papers_parse() {
        assert_eq!("A4".parse::<Paper>(), Ok(Paper::A4));
        assert_eq!("letter".parse::<Paper>(), Ok(Paper::Letter));
        assert_eq!(
            "170x240".parse::<Paper>(),
            Ok(Paper::Custom {
                width: 170.0,
                height: 240.0
            })
        );
        assert!("b7".parse::<Paper>().is_err());
        assert!("10x10".parse::<Paper>().is_err());
        assert!("x240".parse::<Paper>().is_err());
    }
}
