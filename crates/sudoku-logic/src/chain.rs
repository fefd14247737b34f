//! [`Chain`]: the chain of a chain step as data — its nodes and the strong and weak links
//! between them — and its text in Eureka notation, `(4)r1c2=(4-7)r1c5=(7)r3c6`.
//!
//! A node is a digit in one cell or, for grouped chains, in a group of cells of one house
//! that are taken together ("4 is in r1c12"). A link joins two consecutive nodes: *strong*
//! when at least one end is true (if the first is false, the second is true), *weak* when at
//! most one is (if the first is true, the second is false). An alternating inference chain
//! starts and ends with a strong link, so one of its two ends is true; a loop ends on its
//! first node. Front ends draw the links as arrows (strong solid, weak dashed), in the order
//! of the nodes.

use std::fmt;

use serde::{Serialize, Serializer};
use sudoku_core::{Cell, Digit};

use crate::explain::compress_cells;

/// One node of a chain: a digit in a cell, or in a group of cells of one house.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct ChainNode {
    /// The digit.
    #[serde(serialize_with = "ser_digit")]
    pub digit: Digit,
    /// The cell, or the cells of a group, in row-major order.
    #[serde(serialize_with = "ser_cells")]
    pub cells: Vec<Cell>,
}

fn ser_digit<S: Serializer>(d: &Digit, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(d.get() as u64)
}

fn ser_cells<S: Serializer>(cells: &[Cell], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cells.iter().map(|c| c.to_string()))
}

impl ChainNode {
    /// A node on one cell.
    pub fn cell(cell: Cell, digit: Digit) -> ChainNode {
        ChainNode {
            digit,
            cells: vec![cell],
        }
    }

    /// A node on a group of cells (sorted here).
    pub fn group(mut cells: Vec<Cell>, digit: Digit) -> ChainNode {
        cells.sort();
        cells.dedup();
        ChainNode { digit, cells }
    }

    /// Whether the node is a group of more than one cell.
    pub fn is_group(&self) -> bool {
        self.cells.len() > 1
    }
}

/// How two consecutive nodes of a chain are linked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkKind {
    /// If the first node is false, the second is true (`=`).
    Strong,
    /// If the first node is true, the second is false (`-`).
    Weak,
}

impl LinkKind {
    /// The Eureka sign: `=` or `-`.
    pub fn sign(self) -> char {
        match self {
            LinkKind::Strong => '=',
            LinkKind::Weak => '-',
        }
    }
}

/// A chain: nodes in order and the link from each node to the next (`links.len() + 1 ==
/// nodes.len()`). A loop repeats its first node at the end.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Chain {
    /// The nodes, in order.
    pub nodes: Vec<ChainNode>,
    /// `links[i]` joins `nodes[i]` and `nodes[i + 1]`.
    pub links: Vec<LinkKind>,
}

impl Chain {
    /// A chain of one node.
    pub fn start(node: ChainNode) -> Chain {
        Chain {
            nodes: vec![node],
            links: Vec::new(),
        }
    }

    /// Appends a node reached by a link.
    pub fn push(&mut self, link: LinkKind, node: ChainNode) {
        self.links.push(link);
        self.nodes.push(node);
    }

    /// The number of links.
    pub fn len(&self) -> usize {
        self.links.len()
    }

    /// Whether the chain has no link.
    pub fn is_empty(&self) -> bool {
        self.links.is_empty()
    }

    /// Whether the chain ends where it starts.
    pub fn is_loop(&self) -> bool {
        self.nodes.len() > 2 && self.nodes.first() == self.nodes.last()
    }

    /// Every cell of the chain, each once, in row-major order.
    pub fn cells(&self) -> Vec<Cell> {
        let mut cells: Vec<Cell> = self.nodes.iter().flat_map(|n| n.cells.clone()).collect();
        cells.sort();
        cells.dedup();
        cells
    }

    /// The chain in Eureka notation: nodes on the same cells joined by a weak link are
    /// written as one term, `(4-7)r1c5`, and so are the two digits of an almost locked set
    /// in the chain (nodes on the same several cells joined by a strong link), `(5=8)r4c23`.
    ///
    /// ```
    /// use sudoku_core::{Cell, Digit};
    /// use sudoku_logic::chain::{Chain, ChainNode, LinkKind};
    ///
    /// let d = |v| Digit::new(v).unwrap();
    /// let mut chain = Chain::start(ChainNode::cell(Cell::new(0, 1), d(4)));
    /// chain.push(LinkKind::Strong, ChainNode::cell(Cell::new(0, 4), d(4)));
    /// chain.push(LinkKind::Weak, ChainNode::cell(Cell::new(0, 4), d(7)));
    /// chain.push(LinkKind::Strong, ChainNode::cell(Cell::new(2, 5), d(7)));
    /// assert_eq!(chain.eureka(), "(4)r1c2=(4-7)r1c5=(7)r3c6");
    /// ```
    pub fn eureka(&self) -> String {
        let mut text = String::new();
        let mut k = 0;
        while k < self.nodes.len() {
            let cells = &self.nodes[k].cells;
            text.push('(');
            text.push_str(&self.nodes[k].digit.to_string());
            while k + 1 < self.nodes.len()
                && self.nodes[k + 1].cells == *cells
                && (self.links[k] == LinkKind::Weak || cells.len() > 1)
            {
                text.push(self.links[k].sign());
                k += 1;
                text.push_str(&self.nodes[k].digit.to_string());
            }
            text.push(')');
            text.push_str(&compress_cells(cells));
            if k < self.links.len() {
                text.push(self.links[k].sign());
            }
            k += 1;
        }
        text
    }
}

impl fmt::Display for Chain {
    /// Eureka notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.eureka())
    }
}

/// An almost locked set of an ALS step: `n` cells of one house holding `n + 1` digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct AlsGroup {
    /// The cells, in row-major order.
    #[serde(serialize_with = "ser_cells")]
    pub cells: Vec<Cell>,
    /// The digits, ascending.
    #[serde(serialize_with = "crate::step::ser_digits")]
    pub digits: Vec<Digit>,
}

impl fmt::Display for AlsGroup {
    /// `(1,2,5)r1c23`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits: Vec<String> = self.digits.iter().map(|d| d.to_string()).collect();
        write!(f, "({}){}", digits.join(","), compress_cells(&self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(v: usize) -> Digit {
        Digit::new(v).unwrap()
    }

    #[test]
    fn eureka_of_a_loop_and_a_group() {
        let mut chain = Chain::start(ChainNode::cell(Cell::new(0, 0), d(1)));
        chain.push(
            LinkKind::Strong,
            ChainNode::group(vec![Cell::new(0, 4), Cell::new(0, 3)], d(1)),
        );
        chain.push(LinkKind::Weak, ChainNode::cell(Cell::new(4, 4), d(1)));
        chain.push(LinkKind::Strong, ChainNode::cell(Cell::new(4, 0), d(1)));
        chain.push(LinkKind::Weak, ChainNode::cell(Cell::new(0, 0), d(1)));
        assert!(chain.is_loop());
        assert_eq!(chain.len(), 4);
        assert_eq!(chain.eureka(), "(1)r1c1=(1)r1c45-(1)r5c5=(1)r5c1-(1)r1c1");
        assert_eq!(chain.cells().len(), 5);
    }
}
