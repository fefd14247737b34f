//! The problem as the user states it: named items and options, before any links are built.
//!
//! A [`Problem`] is plain data. It is checked as it is built (every mistake a user can make in a
//! problem is a [`BuildError`]), and it is what the text reader produces and the text writer
//! prints, so a problem survives a round trip through Knuth's format unchanged.

use std::collections::HashMap;
use std::fmt;

use thiserror::Error;

/// An item of a [`Problem`], numbered in the order items were added.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemId(pub(crate) u32);

impl ItemId {
    /// The item's position in [`Problem::items`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A colour that options may give to a secondary item, numbered from 1 in order of first use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ColorId(pub(crate) u32);

/// Whether an item must be covered (primary, within bounds) or may be covered (secondary).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemKind {
    /// Covered at least `min` and at most `max` times; exact cover is `min == max == 1`.
    Primary {
        /// Least number of chosen options that contain the item.
        min: u32,
        /// Greatest number of chosen options that contain the item.
        max: u32,
    },
    /// Covered at most once, or by any number of options that all give it the same colour.
    Secondary,
}

/// A named item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The item's name as written in the problem.
    pub name: String,
    /// Primary (with its bounds) or secondary.
    pub kind: ItemKind,
}

/// One use of an item inside an option: the item, and its colour if the item is secondary
/// and coloured. An uncoloured use of a secondary item excludes every other use of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Use {
    /// The item used.
    pub item: ItemId,
    /// Its colour, for a secondary item; never set for a primary item.
    pub color: Option<ColorId>,
}

/// The largest multiplicity bound an item may have: the search keeps bounds as signed 32-bit
/// counts, as Knuth's DLX3 does. (A bound over the number of options can never be reached
/// anyway; one over this was misread and gave wrong counts.)
pub const MAX_BOUND: u32 = i32::MAX as u32;

/// What is wrong with an item or option that was offered to a [`Problem`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BuildError {
    /// Two items have the same name.
    #[error("item `{0}` is declared twice")]
    DuplicateItem(String),
    /// An item name that is empty or contains a blank, `:` or `|`.
    #[error("`{0}` is not a valid item name (it must be non-empty, without blanks, `:` or `|`)")]
    BadItemName(String),
    /// A colour name that is empty or contains a blank, `:` or `|`.
    #[error("`{0}` is not a valid colour name")]
    BadColorName(String),
    /// Multiplicity bounds with `min > max` or `max == 0`.
    #[error("bounds {min}:{max} on item `{item}` are impossible (need min <= max and max >= 1)")]
    BadBounds {
        /// The item's name.
        item: String,
        /// The lower bound given.
        min: u32,
        /// The upper bound given.
        max: u32,
    },
    /// A multiplicity bound above [`MAX_BOUND`].
    #[error(
        "bound {bound} on item `{item}` is more than the largest multiplicity, {}",
        MAX_BOUND
    )]
    BoundTooLarge {
        /// The item's name.
        item: String,
        /// The bound as given.
        bound: String,
    },
    /// An option names an item that was never declared.
    #[error("unknown item `{0}`")]
    UnknownItem(String),
    /// An option uses the same item twice.
    #[error("item `{0}` appears twice in one option")]
    RepeatedItem(String),
    /// An option gives a colour to a primary item.
    #[error("primary item `{0}` cannot have a colour")]
    ColorOnPrimary(String),
    /// An option is empty.
    #[error("an option must contain at least one item")]
    EmptyOption,
    /// An option contains no primary item, so no solution could ever choose it.
    #[error("the option has no primary item")]
    NoPrimaryItem,
}

/// An exact-cover problem: items (primary with bounds, or secondary) and options (sets of item
/// uses). Build one with [`Problem::new`], [`Problem::add_primary`], [`Problem::add_secondary`] and
/// [`Problem::add_option`], or read one from Knuth's text format with [`crate::parse`].
///
/// ```
/// use exact_cover::Problem;
///
/// // Knuth's example: items 1..7, options A..F; the unique solution is {B, D, F}.
/// let mut p = Problem::new();
/// for name in ["1", "2", "3", "4", "5", "6", "7"] {
///     p.add_primary(name).unwrap();
/// }
/// for option in [["1", "4", "7"].as_slice(), &["1", "4"], &["4", "5", "7"], &["3", "5", "6"],
///                &["2", "3", "6", "7"], &["2", "7"]] {
///     p.add_option_by_names(option.iter().copied()).unwrap();
/// }
/// let solutions: Vec<Vec<usize>> = p.solver().solutions().collect();
/// assert_eq!(solutions, vec![vec![1, 3, 5]]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    items: Vec<Item>,
    by_name: HashMap<String, ItemId>,
    colors: Vec<String>,
    color_ids: HashMap<String, ColorId>,
    /// Every option's uses, one after another; option `k` is `uses[starts[k]..starts[k + 1]]`.
    uses: Vec<Use>,
    starts: Vec<u32>,
    /// Whether a use has a colour, and whether an item has bounds other than `1:1`. Kept up to
    /// date as the problem grows rather than found by a scan when asked: every search asks,
    /// and on a large problem searched in small restricted parts ([`crate::Solver::restrict`])
    /// the scan would cost more than linking the part.
    colored: bool,
    multiplicities: bool,
}

/// An item that `uses` names twice, if any. Short options are compared pair by pair; long
/// ones (a file may have an option of a million items) are sorted, so that reading one stays
/// near linear instead of quadratic.
fn repeated_item(uses: &[Use]) -> Option<ItemId> {
    if uses.len() <= 32 {
        return uses
            .iter()
            .enumerate()
            .find(|(k, u)| uses[..*k].iter().any(|v| v.item == u.item))
            .map(|(_, u)| u.item);
    }
    let mut items: Vec<u32> = uses.iter().map(|u| u.item.0).collect();
    items.sort_unstable();
    items
        .windows(2)
        .find(|w| w[0] == w[1])
        .map(|w| ItemId(w[0]))
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name
            .chars()
            .any(|c| c.is_whitespace() || c == ':' || c == '|')
}

impl Default for Problem {
    fn default() -> Self {
        Problem {
            items: Vec::new(),
            by_name: HashMap::new(),
            colors: Vec::new(),
            color_ids: HashMap::new(),
            uses: Vec::new(),
            starts: vec![0],
            colored: false,
            multiplicities: false,
        }
    }
}

impl Problem {
    /// An empty problem.
    pub fn new() -> Self {
        Self::default()
    }

    /// A problem with `primary` exact-cover items and `secondary` secondary items that have no
    /// names (they print as `#k`): the fast way to build a large problem from numbers, as the
    /// sudoku encoder does. Item ids are `0..primary` then `primary..primary + secondary`.
    pub fn with_unnamed_items(primary: usize, secondary: usize) -> Self {
        let mut p = Problem::new();
        p.items.reserve(primary + secondary);
        p.items.extend((0..primary).map(|_| Item {
            name: String::new(),
            kind: ItemKind::Primary { min: 1, max: 1 },
        }));
        p.items.extend((0..secondary).map(|_| Item {
            name: String::new(),
            kind: ItemKind::Secondary,
        }));
        p
    }

    /// The id of the item at position `index` (in the order items were added).
    pub fn item_at(&self, index: usize) -> Option<ItemId> {
        (index < self.items.len()).then_some(ItemId(index as u32))
    }

    /// Reserves room for `options` more options with `uses` item uses in all.
    pub fn reserve(&mut self, options: usize, uses: usize) {
        self.starts.reserve(options);
        self.uses.reserve(uses);
    }

    /// Adds a primary item that must be covered exactly once.
    pub fn add_primary(&mut self, name: &str) -> Result<ItemId, BuildError> {
        self.add_item(name, ItemKind::Primary { min: 1, max: 1 })
    }

    /// Adds a primary item that must be covered between `min` and `max` times (MCC).
    pub fn add_primary_with_bounds(
        &mut self,
        name: &str,
        min: u32,
        max: u32,
    ) -> Result<ItemId, BuildError> {
        if max > MAX_BOUND {
            return Err(BuildError::BoundTooLarge {
                item: name.to_string(),
                bound: max.to_string(),
            });
        }
        if min > max || max == 0 {
            return Err(BuildError::BadBounds {
                item: name.to_string(),
                min,
                max,
            });
        }
        self.add_item(name, ItemKind::Primary { min, max })
    }

    /// Adds a secondary item: covered at most once, or by options that agree on its colour.
    pub fn add_secondary(&mut self, name: &str) -> Result<ItemId, BuildError> {
        self.add_item(name, ItemKind::Secondary)
    }

    fn add_item(&mut self, name: &str, kind: ItemKind) -> Result<ItemId, BuildError> {
        if !valid_name(name) {
            return Err(BuildError::BadItemName(name.to_string()));
        }
        if self.by_name.contains_key(name) {
            return Err(BuildError::DuplicateItem(name.to_string()));
        }
        let id = ItemId(self.items.len() as u32);
        self.multiplicities |=
            matches!(kind, ItemKind::Primary { min, max } if (min, max) != (1, 1));
        self.items.push(Item {
            name: name.to_string(),
            kind,
        });
        self.by_name.insert(name.to_string(), id);
        Ok(id)
    }

    /// The id of a colour name, creating it on first use.
    pub fn color(&mut self, name: &str) -> Result<ColorId, BuildError> {
        if !valid_name(name) {
            return Err(BuildError::BadColorName(name.to_string()));
        }
        if let Some(&id) = self.color_ids.get(name) {
            return Ok(id);
        }
        let id = ColorId(self.colors.len() as u32 + 1);
        self.colors.push(name.to_string());
        self.color_ids.insert(name.to_string(), id);
        Ok(id)
    }

    /// Adds an option and returns its index. The option must be non-empty, use each item at
    /// most once, colour only secondary items, and contain a primary item.
    pub fn add_option(&mut self, uses: &[Use]) -> Result<usize, BuildError> {
        if uses.is_empty() {
            return Err(BuildError::EmptyOption);
        }
        if let Some(item) = repeated_item(uses) {
            let name = self.items.get(item.index()).map(|i| i.name.clone());
            return Err(BuildError::RepeatedItem(
                name.unwrap_or_else(|| format!("#{}", item.0)),
            ));
        }
        let mut has_primary = false;
        for u in uses {
            let item = self
                .items
                .get(u.item.index())
                .ok_or_else(|| BuildError::UnknownItem(format!("#{}", u.item.0)))?;
            match item.kind {
                ItemKind::Primary { .. } if u.color.is_some() => {
                    return Err(BuildError::ColorOnPrimary(item.name.clone()));
                }
                ItemKind::Primary { .. } => has_primary = true,
                ItemKind::Secondary => {}
            }
            if let Some(c) = u.color
                && (c.0 == 0 || c.0 as usize > self.colors.len())
            {
                return Err(BuildError::BadColorName(format!("#{}", c.0)));
            }
        }
        if !has_primary {
            return Err(BuildError::NoPrimaryItem);
        }
        self.colored |= uses.iter().any(|u| u.color.is_some());
        self.uses.extend_from_slice(uses);
        self.starts.push(self.uses.len() as u32);
        Ok(self.starts.len() - 2)
    }

    /// Adds an option given as item ids, none coloured. Checked like [`Problem::add_option`].
    pub fn add_option_items(
        &mut self,
        items: impl IntoIterator<Item = ItemId>,
    ) -> Result<usize, BuildError> {
        let start = self.uses.len();
        self.uses
            .extend(items.into_iter().map(|item| Use { item, color: None }));
        let added: Vec<Use> = self.uses.drain(start..).collect();
        self.add_option(&added)
    }

    /// Adds an option written as item names, each optionally `name:colour`.
    pub fn add_option_by_names<'a>(
        &mut self,
        names: impl IntoIterator<Item = &'a str>,
    ) -> Result<usize, BuildError> {
        let mut uses = Vec::new();
        for token in names {
            uses.push(self.parse_use(token)?);
        }
        self.add_option(&uses)
    }

    /// Resolves one option token, `name` or `name:colour`, to a [`Use`].
    pub(crate) fn parse_use(&mut self, token: &str) -> Result<Use, BuildError> {
        let (name, color) = match token.split_once(':') {
            Some((n, c)) => (n, Some(c)),
            None => (token, None),
        };
        let item = self
            .item_id(name)
            .ok_or_else(|| BuildError::UnknownItem(name.to_string()))?;
        let color = match color {
            None => None,
            Some(c) => {
                if let ItemKind::Primary { .. } = self.items[item.index()].kind {
                    return Err(BuildError::ColorOnPrimary(name.to_string()));
                }
                Some(self.color(c)?)
            }
        };
        Ok(Use { item, color })
    }

    /// The item with this name, if any.
    pub fn item_id(&self, name: &str) -> Option<ItemId> {
        self.by_name.get(name).copied()
    }

    /// Every item, in the order added.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// One item.
    pub fn item(&self, id: ItemId) -> &Item {
        &self.items[id.index()]
    }

    /// Number of options.
    pub fn option_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The uses of option `index`.
    pub fn option(&self, index: usize) -> &[Use] {
        &self.uses[self.starts[index] as usize..self.starts[index + 1] as usize]
    }

    /// Every option, in the order added.
    pub fn options(&self) -> impl ExactSizeIterator<Item = &[Use]> + '_ {
        (0..self.option_count()).map(|k| self.option(k))
    }

    /// Total number of item uses over all options.
    pub fn use_count(&self) -> usize {
        self.uses.len()
    }

    /// The item's name, or `#k` (its position) for an unnamed item.
    pub fn item_name(&self, id: ItemId) -> std::borrow::Cow<'_, str> {
        let name = &self.items[id.index()].name;
        if name.is_empty() {
            format!("#{}", id.0).into()
        } else {
            name.as_str().into()
        }
    }

    /// The name of a colour.
    pub fn color_name(&self, id: ColorId) -> &str {
        &self.colors[id.0 as usize - 1]
    }

    /// Whether any option colours a secondary item (an XCC problem).
    pub fn has_colors(&self) -> bool {
        self.colored
    }

    /// Whether any primary item has bounds other than exactly once (an MCC problem).
    pub fn has_multiplicities(&self) -> bool {
        self.multiplicities
    }

    /// An option written as its items, `name` or `name:colour`, separated by blanks.
    pub fn option_text(&self, index: usize) -> String {
        let mut s = String::new();
        for (k, u) in self.option(index).iter().enumerate() {
            if k > 0 {
                s.push(' ');
            }
            s.push_str(&self.item_name(u.item));
            if let Some(c) = u.color {
                s.push(':');
                s.push_str(self.color_name(c));
            }
        }
        s
    }
}

/// Writes the problem in Knuth's text format (the format [`crate::parse`] reads).
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        let mut sep = |f: &mut fmt::Formatter<'_>| {
            let r = if first { Ok(()) } else { f.write_str(" ") };
            first = false;
            r
        };
        for (k, item) in self.items.iter().enumerate() {
            if let ItemKind::Primary { min, max } = item.kind {
                sep(f)?;
                let name = self.item_name(ItemId(k as u32));
                match (min, max) {
                    (1, 1) => write!(f, "{name}")?,
                    (u, v) if u == v => write!(f, "{v}|{name}")?,
                    (u, v) => write!(f, "{u}:{v}|{name}")?,
                }
            }
        }
        let secondary: Vec<ItemId> = (0..self.items.len() as u32)
            .map(ItemId)
            .filter(|&i| self.items[i.index()].kind == ItemKind::Secondary)
            .collect();
        if !secondary.is_empty() {
            write!(f, " |")?;
            for item in secondary {
                write!(f, " {}", self.item_name(item))?;
            }
        }
        writeln!(f)?;
        for k in 0..self.option_count() {
            writeln!(f, "{}", self.option_text(k))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_option_naming_an_item_twice_is_refused_short_or_long() {
        let mut p = Problem::new();
        let ids: Vec<ItemId> = (0..100)
            .map(|k| p.add_primary(&format!("i{k}")).unwrap())
            .collect();
        for len in [2, 32, 33, 100] {
            assert!(
                p.add_option_items(ids[..len].iter().copied()).is_ok(),
                "{len}"
            );
            let mut twice = ids[..len].to_vec();
            twice.push(ids[len / 2]);
            assert_eq!(
                p.add_option_items(twice),
                Err(BuildError::RepeatedItem(format!("i{}", len / 2))),
                "{len}"
            );
        }
        assert_eq!(
            p.add_primary_with_bounds("big", 1, MAX_BOUND + 1),
            Err(BuildError::BoundTooLarge {
                item: "big".into(),
                bound: "2147483648".into()
            })
        );
    }
}
