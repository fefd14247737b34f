//! The binary's allocator: the system's, until a command that builds many small lists asks
//! for mimalloc for its small blocks.
//!
//! The logic's searches build and drop many small lists at every step (chain links, tables,
//! steps), and glibc's malloc and free took a tenth of the time of `sudoku rate` on hard
//! puzzles: mimalloc makes those cheaper (`rate` on magictour's top 400 went from 3.44 to
//! 3.05 CPU s, the generator's hard rung from 0.64 to 0.61 ms a puzzle). But mimalloc costs
//! about two milliseconds of a process that uses it (its arenas' first pages), which was a
//! twentieth of an `xc --count` on Knuth's small MCC problems, whose searches allocate a few
//! arrays once and then only walk them. So `xc` keeps the system allocator throughout, and
//! every other command turns mimalloc on ([`use_mimalloc`]) once its arguments are read.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, Ordering};

use mimalloc::MiMalloc;

/// Blocks of this many bytes or more always go to the system allocator (they are few, and
/// live long).
const LARGE: usize = 64 * 1024;

/// Whether new small blocks come from mimalloc.
static MIMALLOC_ON: AtomicBool = AtomicBool::new(false);

/// From now on, small blocks come from mimalloc. Blocks made before stay with the system
/// allocator, which frees them.
pub fn use_mimalloc() {
    MIMALLOC_ON.store(true, Ordering::Relaxed);
}

/// The system allocator, and mimalloc for small blocks once [`use_mimalloc`] is called.
/// Every block returns to the allocator that made it: a block is mimalloc's only if
/// mimalloc was on, the block is small, and mimalloc says the address is in its heap.
pub struct Split;

/// Whether a new block of `size` bytes comes from mimalloc.
fn from_mimalloc(size: usize) -> bool {
    size < LARGE && MIMALLOC_ON.load(Ordering::Relaxed)
}

/// Whether the address lies in mimalloc's heap (its "extended" API's test of ownership).
fn in_mimalloc_heap(ptr: *mut u8) -> bool {
    // SAFETY: `mi_is_in_heap_region` only reads mimalloc's own tables, for any address.
    unsafe { libmimalloc_sys::mi_is_in_heap_region(ptr.cast()) }
}

/// Whether a block of `size` bytes at `ptr` is mimalloc's.
fn mimallocs(ptr: *mut u8, size: usize) -> bool {
    from_mimalloc(size) && in_mimalloc_heap(ptr)
}

// SAFETY: each call goes to one of two sound allocators. A new block goes to mimalloc only
// when it is small and mimalloc is on; `dealloc` and `realloc` ask mimalloc whether it owns
// the block (a small block mimalloc did not make is not in its heap), so a block always
// returns to the allocator that made it. `realloc` keeps a block with its allocator, except
// a mimalloc block that grows past `LARGE`, which is copied into a system block (the new
// block is made first, the smaller of the two sizes copied, then the old block freed).
unsafe impl GlobalAlloc for Split {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout has a non-zero size, as both allocators require.
        unsafe {
            if from_mimalloc(layout.size()) {
                MiMalloc.alloc(layout)
            } else {
                System.alloc(layout)
            }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as in `alloc`.
        unsafe {
            if from_mimalloc(layout.size()) {
                MiMalloc.alloc_zeroed(layout)
            } else {
                System.alloc_zeroed(layout)
            }
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the block goes back to the allocator that made it (see above).
        unsafe {
            if mimallocs(ptr, layout.size()) {
                MiMalloc.dealloc(ptr, layout)
            } else {
                System.dealloc(ptr, layout)
            }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as in `dealloc`; the new layout is valid, since `realloc`'s caller
        // guarantees `new_size` rounded up to the alignment does not overflow.
        unsafe {
            if !mimallocs(ptr, layout.size()) {
                return System.realloc(ptr, layout, new_size);
            }
            if new_size < LARGE {
                return MiMalloc.realloc(ptr, layout, new_size);
            }
            let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
            let new = System.alloc(new_layout);
            if !new.is_null() {
                std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                MiMalloc.dealloc(ptr, layout);
            }
            new
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Blocks made before mimalloc is on stay the system's, small blocks after are
    /// mimalloc's, large ones the system's, and a block that grows or shrinks across the
    /// line keeps its bytes and ends with the right allocator.
    #[test]
    fn every_block_returns_to_the_allocator_that_made_it() {
        let split = Split;
        let small = Layout::from_size_align(64, 8).unwrap();
        let large = Layout::from_size_align(LARGE * 2, 8).unwrap();
        // SAFETY: every block is freed once, with the layout it was last given.
        unsafe {
            let on_before = MIMALLOC_ON.load(Ordering::Relaxed);
            let early = split.alloc(small);
            assert_eq!(in_mimalloc_heap(early), on_before);
            use_mimalloc();
            let mine = split.alloc(small);
            assert!(in_mimalloc_heap(mine));
            let big = split.alloc_zeroed(large);
            assert!(!in_mimalloc_heap(big));
            assert!((0..LARGE * 2).all(|i| *big.add(i) == 0));
            for i in 0..64 {
                *mine.add(i) = i as u8;
            }
            let grown = split.realloc(mine, small, LARGE * 2);
            assert!(!in_mimalloc_heap(grown));
            assert!((0..64).all(|i| *grown.add(i) == i as u8));
            let shrunk = split.realloc(big, large, 100);
            assert!(!in_mimalloc_heap(shrunk));
            let early = split.realloc(early, small, 128);
            split.dealloc(early, Layout::from_size_align(128, 8).unwrap());
            split.dealloc(grown, large);
            split.dealloc(shrunk, Layout::from_size_align(100, 8).unwrap());
        }
    }
}
