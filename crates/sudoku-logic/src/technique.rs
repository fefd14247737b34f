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

impl Level {
    /// The name in Chinese: 简单, 中等, 困难, 超难, 极难 (HoDoKu's five levels as Chinese
    /// players name difficulty).
    pub fn name_zh(self) -> &'static str {
        match self {
            Level::Easy => "简单",
            Level::Medium => "中等",
            Level::Hard => "困难",
            Level::Unfair => "超难",
            Level::Extreme => "极难",
        }
    }

    /// The name in `lang`.
    pub fn name_in(self, lang: crate::Lang) -> &'static str {
        match lang {
            crate::Lang::En => self.name(),
            crate::Lang::Zh => self.name_zh(),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

macro_rules! techniques {
    ($($variant:ident => $name:literal, $zh:literal, $code:literal, $score:literal, $level:ident, $order:literal, $on:literal;)*) => {
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

            /// Whether HoDoKu's solver uses the technique by default when it rates a puzzle.
            /// The others (Death Blossom, the bigger Franken and all Mutant fish, Kraken fish,
            /// templates, the dual patterns) are still found by [`crate::Logic::find_all_steps`]
            /// and for hints, as in HoDoKu, but never taken by a solve path.
            pub fn in_path(self) -> bool {
                match self { $(Technique::$variant => $on,)* }
            }
        }
    };
}

techniques! {
    FullHouse => "Full House", "唯一空格", "0000", 4, Easy, 100, true;
    NakedSingle => "Naked Single", "唯一余数", "0003", 4, Easy, 200, true;
    HiddenSingle => "Hidden Single", "排除法", "0002", 14, Easy, 300, true;
    LockedPair => "Locked Pair", "锁定数对", "0110", 40, Medium, 1000, true;
    LockedTriple => "Locked Triple", "锁定三链数", "0111", 60, Medium, 1100, true;
    LockedCandidatesPointing => "Locked Candidates Type 1 (Pointing)", "宫区块", "0100", 50, Medium, 1200, true;
    LockedCandidatesClaiming => "Locked Candidates Type 2 (Claiming)", "行列区块", "0101", 50, Medium, 1210, true;
    NakedPair => "Naked Pair", "显性数对", "0200", 60, Medium, 1300, true;
    NakedTriple => "Naked Triple", "显性三链数", "0201", 80, Medium, 1400, true;
    HiddenPair => "Hidden Pair", "隐性数对", "0210", 70, Medium, 1500, true;
    HiddenTriple => "Hidden Triple", "隐性三链数", "0211", 100, Medium, 1600, true;
    NakedQuadruple => "Naked Quadruple", "显性四链数", "0202", 120, Hard, 2000, true;
    HiddenQuadruple => "Hidden Quadruple", "隐性四链数", "0212", 150, Hard, 2100, true;
    XWing => "X-Wing", "X翼", "0300", 140, Hard, 2200, true;
    Swordfish => "Swordfish", "剑鱼", "0301", 150, Hard, 2300, true;
    Jellyfish => "Jellyfish", "水母", "0302", 160, Hard, 2400, true;
    RemotePair => "Remote Pair", "远程数对", "0703", 110, Hard, 2800, true;
    BugPlusOne => "Bivalue Universal Grave + 1", "全双值坟墓+1", "0610", 100, Hard, 2900, true;
    Skyscraper => "Skyscraper", "摩天楼", "0400", 130, Hard, 3000, true;
    TwoStringKite => "2-String Kite", "双线风筝", "0401", 150, Hard, 3100, true;
    TurbotFish => "Turbot Fish", "多宝鱼", "0403", 120, Hard, 3120, true;
    EmptyRectangle => "Empty Rectangle", "空矩形", "0402", 120, Hard, 3170, true;
    Dual2StringKite => "Dual 2-String Kite", "双重双线风筝", "0404", 150, Hard, 3180, false;
    DualEmptyRectangle => "Dual Empty Rectangle", "双重空矩形", "0405", 120, Hard, 3190, false;
    WWing => "W-Wing", "W翼", "0803", 150, Hard, 3200, true;
    XyWing => "XY-Wing", "XY翼", "0800", 160, Hard, 3300, true;
    XyzWing => "XYZ-Wing", "XYZ翼", "0801", 180, Hard, 3400, true;
    UniquenessTest1 => "Uniqueness Test 1", "唯一矩形 类型1", "0600", 100, Hard, 3500, true;
    UniquenessTest2 => "Uniqueness Test 2", "唯一矩形 类型2", "0601", 100, Hard, 3600, true;
    UniquenessTest3 => "Uniqueness Test 3", "唯一矩形 类型3", "0602", 100, Hard, 3700, true;
    UniquenessTest4 => "Uniqueness Test 4", "唯一矩形 类型4", "0603", 100, Hard, 3800, true;
    UniquenessTest5 => "Uniqueness Test 5", "唯一矩形 类型5", "0604", 100, Hard, 3900, true;
    UniquenessTest6 => "Uniqueness Test 6", "唯一矩形 类型6", "0605", 100, Hard, 4000, true;
    HiddenRectangle => "Hidden Rectangle", "隐性唯一矩形", "0606", 100, Hard, 4010, true;
    AvoidableRectangle1 => "Avoidable Rectangle Type 1", "可规避矩形 类型1", "0607", 100, Hard, 4020, true;
    AvoidableRectangle2 => "Avoidable Rectangle Type 2", "可规避矩形 类型2", "0608", 100, Hard, 4030, true;
    FinnedXWing => "Finned X-Wing", "鳍X翼", "0310", 130, Hard, 4100, true;
    SashimiXWing => "Sashimi X-Wing", "退化鳍X翼", "0320", 150, Hard, 4200, true;
    FinnedSwordfish => "Finned Swordfish", "鳍剑鱼", "0311", 200, Unfair, 4300, true;
    SashimiSwordfish => "Sashimi Swordfish", "退化鳍剑鱼", "0321", 240, Unfair, 4400, true;
    FinnedJellyfish => "Finned Jellyfish", "鳍水母", "0312", 250, Unfair, 4500, true;
    SashimiJellyfish => "Sashimi Jellyfish", "退化鳍水母", "0322", 260, Unfair, 4600, true;
    SueDeCoq => "Sue de Coq", "融合待定数组", "1101", 250, Unfair, 5300, true;
    SimpleColorsTrap => "Simple Colors Trap", "简单染色（陷阱）", "0500", 150, Hard, 5330, true;
    SimpleColorsWrap => "Simple Colors Wrap", "简单染色（折叠）", "0501", 150, Hard, 5330, true;
    MultiColors1 => "Multi Colors 1", "多重染色 1", "0502", 200, Hard, 5360, true;
    MultiColors2 => "Multi Colors 2", "多重染色 2", "0503", 200, Hard, 5360, true;
    XChain => "X-Chain", "X链", "0701", 260, Unfair, 5400, true;
    XyChain => "XY-Chain", "XY链", "0702", 260, Unfair, 5500, true;
    ContinuousNiceLoop => "Continuous Nice Loop", "连续环", "0706", 280, Unfair, 5600, true;
    DiscontinuousNiceLoop => "Discontinuous Nice Loop", "不连续环", "0707", 280, Unfair, 5600, true;
    Aic => "AIC", "交替推理链", "0708", 280, Unfair, 5600, true;
    GroupedContinuousNiceLoop => "Grouped Continuous Nice Loop", "成组连续环", "0709", 300, Unfair, 5650, true;
    GroupedDiscontinuousNiceLoop => "Grouped Discontinuous Nice Loop", "成组不连续环", "0710", 300, Unfair, 5650, true;
    GroupedAic => "Grouped AIC", "成组交替推理链", "0711", 300, Unfair, 5650, true;
    AlsXz => "Almost Locked Set XZ-Rule", "待定数组XZ规则", "0901", 300, Unfair, 5700, true;
    AlsXyWing => "Almost Locked Set XY-Wing", "待定数组XY翼", "0902", 320, Unfair, 5800, true;
    AlsXyChain => "Almost Locked Set XY-Chain", "待定数组XY链", "0903", 340, Unfair, 5900, true;
    DeathBlossom => "Death Blossom", "死亡绽放", "0904", 360, Unfair, 6000, false;
    FrankenXWing => "Franken X-Wing", "弗兰肯X翼", "0330", 300, Unfair, 6100, true;
    FrankenSwordfish => "Franken Swordfish", "弗兰肯剑鱼", "0331", 350, Unfair, 6200, true;
    FrankenJellyfish => "Franken Jellyfish", "弗兰肯水母", "0332", 370, Unfair, 6300, false;
    FinnedFrankenXWing => "Finned Franken X-Wing", "鳍弗兰肯X翼", "0340", 390, Unfair, 6700, true;
    FinnedFrankenSwordfish => "Finned Franken Swordfish", "鳍弗兰肯剑鱼", "0341", 410, Unfair, 6800, true;
    FinnedFrankenJellyfish => "Finned Franken Jellyfish", "鳍弗兰肯水母", "0342", 430, Unfair, 6900, false;
    MutantXWing => "Mutant X-Wing", "变异X翼", "0350", 450, Extreme, 7300, false;
    MutantSwordfish => "Mutant Swordfish", "变异剑鱼", "0351", 450, Extreme, 7400, false;
    MutantJellyfish => "Mutant Jellyfish", "变异水母", "0352", 450, Extreme, 7500, false;
    MutantSquirmbag => "Mutant Squirmbag", "变异五链列", "0353", 470, Extreme, 7600, false;
    MutantWhale => "Mutant Whale", "变异六链列", "0354", 470, Extreme, 7700, false;
    FinnedMutantXWing => "Finned Mutant X-Wing", "鳍变异X翼", "0360", 470, Extreme, 7900, false;
    FinnedMutantSwordfish => "Finned Mutant Swordfish", "鳍变异剑鱼", "0361", 470, Extreme, 8000, false;
    FinnedMutantJellyfish => "Finned Mutant Jellyfish", "鳍变异水母", "0362", 470, Extreme, 8100, false;
    FinnedMutantSquirmbag => "Finned Mutant Squirmbag", "鳍变异五链列", "0363", 470, Extreme, 8200, false;
    FinnedMutantWhale => "Finned Mutant Whale", "鳍变异六链列", "0364", 470, Extreme, 8300, false;
    KrakenFish1 => "Kraken Fish Type 1", "海怪鱼 类型1", "0371", 500, Extreme, 8450, false;
    KrakenFish2 => "Kraken Fish Type 2", "海怪鱼 类型2", "0372", 500, Extreme, 8450, false;
    ForcingChainContradiction => "Forcing Chain Contradiction", "强制链（矛盾）", "1301", 500, Extreme, 8500, true;
    ForcingChainVerity => "Forcing Chain Verity", "强制链（同一结论）", "1302", 500, Extreme, 8500, true;
    ForcingNetContradiction => "Forcing Net Contradiction", "强制网（矛盾）", "1303", 700, Extreme, 8600, true;
    ForcingNetVerity => "Forcing Net Verity", "强制网（同一结论）", "1304", 700, Extreme, 8600, true;
    TemplateSet => "Template Set", "模板填数", "1201", 10000, Extreme, 8700, false;
    TemplateDelete => "Template Delete", "模板删数", "1202", 10000, Extreme, 8800, false;
    BruteForce => "Brute Force", "试数", "xxxx", 10000, Extreme, 8900, true;
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
