//! [`Technique`]: every technique this crate knows, with HoDoKu 2.2.0's name, code, default
//! score, level and place in the search order, and the difficulty [`Level`]s.

use std::fmt;

use serde::Serialize;

/// A difficulty level on HoDoKu's scale, easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Singles only, low score.
    Easy,
    /// Intersections and small subsets.
    Medium,
    /// Fish, wings, single-digit patterns, uniqueness, colouring.
    Hard,
    /// Finned fish from size 3, chains, ALS.
    Unfair,
    /// Forcing chains and nets, brute force.
    Extreme,
}

impl Level {
    /// The highest score a puzzle of this level may have before it is raised to the next
    /// (HoDoKu 2.2.0's `DEFAULT_DIFFICULTY_LEVELS`).
    pub fn max_score(self) -> u32 {
        match self {
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => u32::MAX,
        }
    }

    /// The highest score for a grid of `cells` cells: [`Level::max_score`] for 9x9, scaled by
    /// the number of cells for other sizes. Scores add up per step, so without the scaling
    /// every 16x16 puzzle would count as extreme and hardly any 4x4 one could pass easy's
    /// limit by score.
    pub fn max_score_for(self, cells: usize) -> u32 {
        let max = self.max_score();
        if cells == 81 || max == u32::MAX {
            return max;
        }
        (u64::from(max) * cells as u64 / 81).min(u64::from(u32::MAX)) as u32
    }

    /// The next harder level (Extreme stays Extreme).
    pub fn next(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            Level::Unfair | Level::Extreme => Level::Extreme,
        }
    }

    /// The lower-case English name (`easy` .. `extreme`), as the shared vocabulary writes it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

macro_rules! techniques {
    ($($variant:ident => $name:literal, $zh:literal, $code:literal, $score:literal, $level:ident, $order:literal;)*) => {
        /// A solving technique. Each has HoDoKu's display name and library code, its default
        /// score and level, and its place in HoDoKu's search order; see the methods.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Technique {
            $(
                #[doc = $name]
                $variant,
            )*
        }

        impl Technique {
            /// Every technique, in the order declared (which is HoDoKu's search order).
            pub const ALL: &'static [Technique] = &[$(Technique::$variant),*];

            /// HoDoKu's English name.
            pub fn name(self) -> &'static str {
                match self { $(Technique::$variant => $name,)* }
            }

            /// The Simplified Chinese name.
            pub fn name_zh(self) -> &'static str {
                match self { $(Technique::$variant => $zh,)* }
            }

            /// HoDoKu's library code (`0300` for X-Wing).
            pub fn code(self) -> &'static str {
                match self { $(Technique::$variant => $code,)* }
            }

            /// HoDoKu's default score for one step of this technique.
            pub fn score(self) -> u32 {
                match self { $(Technique::$variant => $score,)* }
            }

            /// HoDoKu's default level of this technique.
            pub fn level(self) -> Level {
                match self { $(Technique::$variant => Level::$level,)* }
            }

            /// HoDoKu's search-order index: the solver tries techniques by increasing index and
            /// takes the first that finds a step.
            pub fn order(self) -> u32 {
                match self { $(Technique::$variant => $order,)* }
            }
        }
    };
}

techniques! {
    FullHouse => "Full House", "唯一空格", "0000", 4, Easy, 100;
    NakedSingle => "Naked Single", "显性唯一", "0003", 4, Easy, 200;
    HiddenSingle => "Hidden Single", "隐性唯一", "0002", 14, Easy, 300;
    LockedPair => "Locked Pair", "锁定数对", "0110", 40, Medium, 1000;
    LockedTriple => "Locked Triple", "锁定三数组", "0111", 60, Medium, 1100;
    LockedCandidatesPointing => "Locked Candidates Type 1 (Pointing)", "区块摒除（宫对行列）", "0100", 50, Medium, 1200;
    LockedCandidatesClaiming => "Locked Candidates Type 2 (Claiming)", "区块摒除（行列对宫）", "0101", 50, Medium, 1210;
    NakedPair => "Naked Pair", "显性数对", "0200", 60, Medium, 1300;
    NakedTriple => "Naked Triple", "显性三数组", "0201", 80, Medium, 1400;
    HiddenPair => "Hidden Pair", "隐性数对", "0210", 70, Medium, 1500;
    HiddenTriple => "Hidden Triple", "隐性三数组", "0211", 100, Medium, 1600;
    NakedQuadruple => "Naked Quadruple", "显性四数组", "0202", 120, Hard, 2000;
    HiddenQuadruple => "Hidden Quadruple", "隐性四数组", "0212", 150, Hard, 2100;
    XWing => "X-Wing", "X翼", "0300", 140, Hard, 2200;
    Swordfish => "Swordfish", "剑鱼", "0301", 150, Hard, 2300;
    Jellyfish => "Jellyfish", "水母", "0302", 160, Hard, 2400;
    RemotePair => "Remote Pair", "远程数对", "0703", 110, Hard, 2800;
    BugPlusOne => "Bivalue Universal Grave + 1", "全双值坟墓+1", "0610", 100, Hard, 2900;
    Skyscraper => "Skyscraper", "摩天楼", "0400", 130, Hard, 3000;
    TwoStringKite => "2-String Kite", "双线风筝", "0401", 150, Hard, 3100;
    TurbotFish => "Turbot Fish", "多宝鱼", "0403", 120, Hard, 3120;
    EmptyRectangle => "Empty Rectangle", "空矩形", "0402", 120, Hard, 3170;
    WWing => "W-Wing", "W翼", "0803", 150, Hard, 3200;
    XyWing => "XY-Wing", "XY翼", "0800", 160, Hard, 3300;
    XyzWing => "XYZ-Wing", "XYZ翼", "0801", 180, Hard, 3400;
    UniquenessTest1 => "Uniqueness Test 1", "唯一矩形 类型1", "0600", 100, Hard, 3500;
    UniquenessTest2 => "Uniqueness Test 2", "唯一矩形 类型2", "0601", 100, Hard, 3600;
    UniquenessTest3 => "Uniqueness Test 3", "唯一矩形 类型3", "0602", 100, Hard, 3700;
    UniquenessTest4 => "Uniqueness Test 4", "唯一矩形 类型4", "0603", 100, Hard, 3800;
    UniquenessTest5 => "Uniqueness Test 5", "唯一矩形 类型5", "0604", 100, Hard, 3900;
    UniquenessTest6 => "Uniqueness Test 6", "唯一矩形 类型6", "0605", 100, Hard, 4000;
    HiddenRectangle => "Hidden Rectangle", "隐性唯一矩形", "0606", 100, Hard, 4010;
    AvoidableRectangle1 => "Avoidable Rectangle Type 1", "可规避矩形 类型1", "0607", 100, Hard, 4020;
    AvoidableRectangle2 => "Avoidable Rectangle Type 2", "可规避矩形 类型2", "0608", 100, Hard, 4030;
    FinnedXWing => "Finned X-Wing", "鳍X翼", "0310", 130, Hard, 4100;
    SashimiXWing => "Sashimi X-Wing", "退化鳍X翼", "0320", 150, Hard, 4200;
    FinnedSwordfish => "Finned Swordfish", "鳍剑鱼", "0311", 200, Unfair, 4300;
    SashimiSwordfish => "Sashimi Swordfish", "退化鳍剑鱼", "0321", 240, Unfair, 4400;
    FinnedJellyfish => "Finned Jellyfish", "鳍水母", "0312", 250, Unfair, 4500;
    SashimiJellyfish => "Sashimi Jellyfish", "退化鳍水母", "0322", 260, Unfair, 4600;
    SimpleColorsTrap => "Simple Colors Trap", "简单染色（陷阱）", "0500", 150, Hard, 5330;
    SimpleColorsWrap => "Simple Colors Wrap", "简单染色（折叠）", "0501", 150, Hard, 5330;
    MultiColors1 => "Multi Colors 1", "多重染色 1", "0502", 200, Hard, 5360;
    MultiColors2 => "Multi Colors 2", "多重染色 2", "0503", 200, Hard, 5360;
}

impl Technique {
    /// The technique with a HoDoKu library code, if this crate has it.
    pub fn from_code(code: &str) -> Option<Technique> {
        Technique::ALL.iter().copied().find(|t| t.code() == code)
    }

    /// Whether this crate can find the technique yet (the others are listed so that codes,
    /// scores and search order are complete, and are skipped by the search).
    pub fn is_implemented(self) -> bool {
        crate::techniques::Family::of(self).is_some()
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Technique {
    /// `{"name": "X-Wing", "code": "0300"}`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Technique", 2)?;
        st.serialize_field("name", self.name())?;
        st.serialize_field("code", self.code())?;
        st.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_in_search_order() {
        for pair in Technique::ALL.windows(2) {
            assert!(pair[0].order() <= pair[1].order(), "{:?}", pair);
        }
        assert_eq!(Technique::from_code("0300"), Some(Technique::XWing));
        assert_eq!(Level::Hard.next(), Level::Unfair);
    }
}
