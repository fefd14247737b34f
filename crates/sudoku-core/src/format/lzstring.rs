//! lz-string's base64 form, decompressed (the compression f-puzzles and SudokuPad put in
//! their links): an LZW-style code stream read as bits from base64 characters, each code
//! naming a dictionary entry or bringing a new character. Written here rather than taken
//! from a crate because the output must be bounded as it grows: a short link can name
//! entries that grow by one character each, so its text can be quadratic in its length.

/// The base64 alphabet lz-string uses; `=` is a character of the stream too (value 64).
const ALPHABET: &[u8; 65] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/// Why a stream does not decompress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LzError {
    /// A character outside the alphabet, at this byte offset.
    BadCharacter(char, usize),
    /// The stream ends before its end code.
    CutShort,
    /// A code names an entry that does not exist yet.
    BadCode(u32),
    /// The text would be longer than the bound given, in UTF-16 units.
    TooLong(usize),
}

impl std::fmt::Display for LzError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LzError::BadCharacter(c, at) => {
                write!(f, "`{c}` at {at} is not a character of lz-string's base64")
            }
            LzError::CutShort => f.write_str("the data is cut short"),
            LzError::BadCode(c) => write!(f, "code {c} names nothing (not lz-string data)"),
            LzError::TooLong(max) => write!(f, "it decompresses to more than {max} characters"),
        }
    }
}

/// Reads the stream's bits: six per character, the highest first; a value of `n` bits is
/// assembled lowest bit first.
struct Bits<'a> {
    data: &'a [u8],
    at: usize,
    value: u32,
    mask: u32,
}

impl Bits<'_> {
    fn read(&mut self, n: u32) -> Result<u32, LzError> {
        let mut out = 0;
        for bit in 0..n {
            if self.mask == 0 {
                let &b = self.data.get(self.at).ok_or(LzError::CutShort)?;
                let v = ALPHABET
                    .iter()
                    .position(|&a| a == b)
                    .ok_or(LzError::BadCharacter(char::from(b), self.at))?;
                self.value = v as u32;
                self.mask = 32;
                self.at += 1;
            }
            if self.value & self.mask != 0 {
                out |= 1 << bit;
            }
            self.mask >>= 1;
        }
        Ok(out)
    }
}

/// The text of lz-string's base64 `data`, as UTF-16 units, at most `max` of them.
pub fn decompress_base64(data: &str, max: usize) -> Result<Vec<u16>, LzError> {
    let mut bits = Bits {
        data: data.as_bytes(),
        at: 0,
        value: 0,
        mask: 0,
    };
    // Codes 0, 1 and 2 bring an 8-bit character, a 16-bit one, or end the stream.
    let mut dictionary: Vec<Vec<u16>> = vec![Vec::new(); 3];
    let mut width = 2;
    let mut grow_in = 1u32;
    let mut out: Vec<u16> = Vec::new();
    let mut last: Vec<u16> = Vec::new();
    loop {
        let code = bits.read(width)?;
        let code = match code {
            0 | 1 => {
                let c = bits.read(if code == 0 { 8 } else { 16 })? as u16;
                dictionary.push(vec![c]);
                if !last.is_empty() {
                    grow_in -= 1;
                    if grow_in == 0 {
                        grow_in = 1 << width;
                        width += 1;
                    }
                }
                dictionary.len() - 1
            }
            2 => return Ok(out),
            c => c as usize,
        };
        if last.is_empty() {
            // The first code: the stream's first character, nothing else.
            if code < 3 || code >= dictionary.len() {
                return Err(LzError::BadCode(code as u32));
            }
            width = 3;
            grow_in = 4;
            last = dictionary[code].clone();
            out.extend_from_slice(&last);
            continue;
        }
        let entry = match dictionary.get(code) {
            Some(e) if code >= 3 => e.clone(),
            _ if code == dictionary.len() => {
                let mut e = last.clone();
                e.push(last[0]);
                e
            }
            _ => return Err(LzError::BadCode(code as u32)),
        };
        if out.len() + entry.len() > max {
            return Err(LzError::TooLong(max));
        }
        out.extend_from_slice(&entry);
        let mut added = last;
        added.push(entry[0]);
        dictionary.push(added);
        last = entry;
        grow_in -= 1;
        if grow_in == 0 {
            grow_in = 1 << width;
            width += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn text(units: &[u16]) -> String {
        String::from_utf16(units).unwrap()
    }

    #[test]
    fn the_json_of_a_small_link_reads_back() {
        // `{"x":3}` as lz-string's compressToBase64 writes it.
        assert_eq!(
            text(&decompress_base64("N4IgHiBcDMC+Q===", 100).unwrap()),
            r#"{"x":3}"#
        );
    }

    #[test]
    fn broken_streams_are_refused_not_panicked_on() {
        assert_eq!(decompress_base64("", 100), Err(LzError::CutShort));
        assert_eq!(decompress_base64("N4Ig", 100), Err(LzError::CutShort));
        assert!(matches!(
            decompress_base64("N4I*HiBc", 100),
            Err(LzError::BadCharacter('*', 3))
        ));
        assert_eq!(
            decompress_base64("N4IgHiBcDMC+Q===", 3),
            Err(LzError::TooLong(3))
        );
    }

    proptest! {
        /// Whatever lz-string's own compressor writes reads back as the text it was given.
        #[test]
        fn what_lz_string_writes_reads_back(s in "\\PC{0,300}") {
            let data = lz_str::compress_to_base64(s.as_str());
            let units = decompress_base64(&data, 10_000).unwrap();
            prop_assert_eq!(text(&units), s);
        }

        /// Any string is read or refused, never a panic, and never more than the bound.
        #[test]
        fn any_data_is_read_or_refused(s in "[A-Za-z0-9+/=]{0,200}") {
            if let Ok(units) = decompress_base64(&s, 500) {
                prop_assert!(units.len() <= 500);
            }
        }
    }
}
