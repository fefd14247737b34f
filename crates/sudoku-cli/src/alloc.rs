//! The binary's allocator: the system's, until a command that builds many small lists asks
//! for mimalloc for its small blocks.
//!
//! The logic's searches build and drop many small lists at every step (chain links, tables,
//! steps), and glibc's malloc and free take a tenth of the time of `sudoku rate` on hard
//! puzzles: mimalloc makes those cheaper (`rate` on magictour's top 400: 3.05 CPU s against
//! 3.44 with glibc; the generator's hard rung 0.61 against 0.64 ms a puzzle). But mimalloc
//! costs about two milliseconds of a process that uses it (its arenas' first pages), a
//! twentieth of an `xc --count` on Knuth's small MCC problems, whose searches allocate a few
//! arrays once and then only walk them. So `xc` keeps the system allocator throughout, and
//! every other command turns mimalloc on ([`use_mimalloc`]) once its arguments are read.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use libmimalloc_sys as mi;
use mimalloc::MiMalloc;

/// Blocks of this many bytes or more always go to the system allocator (they are few, and
/// live long).
const LARGE: usize = 64 * 1024;

/// The alignment every mimalloc block has (its smallest blocks are a pointer wide): a
/// layout asking no more is served by the plain calls, which skip the aligned calls' checks.
const PLAIN_ALIGN: usize = std::mem::size_of::<usize>();

/// Whether new small blocks come from mimalloc.
static MIMALLOC_ON: AtomicBool = AtomicBool::new(false);

/// The span of addresses of every small block the system allocator has made: `SYSTEM_LO`
/// up to `SYSTEM_HI`. A small block outside it is mimalloc's; inside, mimalloc is asked.
/// Small system blocks are those made before mimalloc was on, and those reallocated from
/// them, so the span is the few pages of the system heap the start of the process used,
/// and asking mimalloc (a look-up in its page map, a tenth of the allocator's time on hard
/// puzzles) is left for the blocks there.
static SYSTEM_LO: AtomicUsize = AtomicUsize::new(usize::MAX);
static SYSTEM_HI: AtomicUsize = AtomicUsize::new(0);

/// From now on, small blocks come from mimalloc. Blocks made before stay with the system
/// allocator, which frees them.
pub fn use_mimalloc() {
    MIMALLOC_ON.store(true, Ordering::Relaxed);
}

/// The system allocator, and mimalloc for small blocks once [`use_mimalloc`] is called.
/// Every block returns to the allocator that made it: a block is mimalloc's only if
/// mimalloc was on, the block is small, and it lies outside the span of small system
/// blocks or mimalloc says the address is in its heap.
pub struct Split;

/// Whether a new block of `size` bytes comes from mimalloc.
fn from_mimalloc(size: usize) -> bool {
    size < LARGE && MIMALLOC_ON.load(Ordering::Relaxed)
}

/// Whether the address lies in mimalloc's heap (its "extended" API's test of ownership).
fn in_mimalloc_heap(ptr: *mut u8) -> bool {
    // SAFETY: `mi_is_in_heap_region` only reads mimalloc's own tables, for any address.
    unsafe { mi::mi_is_in_heap_region(ptr.cast()) }
}

/// Widens the span of small system blocks to hold a block the system allocator has just
/// made (nothing for a large block or a failed allocation).
///
/// The span is updated before the block is handed out, so a thread that frees the block
/// later (having been given it through some synchronisation) sees the span that holds it.
fn note_system(ptr: *mut u8, size: usize) -> *mut u8 {
    if size < LARGE && !ptr.is_null() {
        let at = ptr as usize;
        SYSTEM_LO.fetch_min(at, Ordering::Relaxed);
        SYSTEM_HI.fetch_max(at + size, Ordering::Relaxed);
    }
    ptr
}

/// Whether a block of `size` bytes at `ptr` is mimalloc's.
fn mimallocs(ptr: *mut u8, size: usize) -> bool {
    if !from_mimalloc(size) {
        return false;
    }
    let at = ptr as usize;
    let among_system =
        SYSTEM_LO.load(Ordering::Relaxed) <= at && at < SYSTEM_HI.load(Ordering::Relaxed);
    !among_system || in_mimalloc_heap(ptr)
}

// SAFETY: each call goes to one of two sound allocators. A new block goes to mimalloc only
// when it is small and mimalloc is on; every small block the system allocator makes widens
// the span `note_system` keeps before it is returned, so a small block outside that span
// is mimalloc's, and inside it `dealloc` and `realloc` ask mimalloc whether it owns the
// block (a block mimalloc did not make is not in its heap): a block always returns to the
// allocator that made it. mimalloc's plain calls serve layouts whose alignment is at most
// a pointer's, which every mimalloc block has; others go through its aligned calls.
// `realloc` keeps a block with its allocator, except a mimalloc block that grows past
// `LARGE`, which is copied into a system block (the new block is made first, the smaller
// of the two sizes copied, then the old block freed).
unsafe impl GlobalAlloc for Split {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout has a non-zero size, as both allocators require.
        unsafe {
            if !from_mimalloc(layout.size()) {
                note_system(System.alloc(layout), layout.size())
            } else if layout.align() <= PLAIN_ALIGN {
                mi::mi_malloc(layout.size()).cast()
            } else {
                MiMalloc.alloc(layout)
            }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as in `alloc`.
        unsafe {
            if !from_mimalloc(layout.size()) {
                note_system(System.alloc_zeroed(layout), layout.size())
            } else if layout.align() <= PLAIN_ALIGN {
                mi::mi_zalloc(layout.size()).cast()
            } else {
                MiMalloc.alloc_zeroed(layout)
            }
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the block goes back to the allocator that made it (see above).
        unsafe {
            if mimallocs(ptr, layout.size()) {
                mi::mi_free(ptr.cast::<c_void>())
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
                return note_system(System.realloc(ptr, layout, new_size), new_size);
            }
            if new_size < LARGE {
                return if layout.align() <= PLAIN_ALIGN {
                    mi::mi_realloc(ptr.cast(), new_size).cast()
                } else {
                    MiMalloc.realloc(ptr, layout, new_size)
                };
            }
            let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
            let new = System.alloc(new_layout);
            if !new.is_null() {
                std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                mi::mi_free(ptr.cast::<c_void>());
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
            // A reallocated system block lies in the span of small system blocks.
            let at = early as usize;
            assert!(SYSTEM_LO.load(Ordering::Relaxed) <= at || on_before);
            assert!(at + 128 <= SYSTEM_HI.load(Ordering::Relaxed) || on_before);
            assert!(!mimallocs(shrunk, 100));
            assert!(!mimallocs(early, 128) || on_before);
            // Alignments past a pointer's go through mimalloc's aligned calls.
            let wide = Layout::from_size_align(48, 64).unwrap();
            let aligned = split.alloc(wide);
            assert_eq!(aligned as usize % 64, 0);
            assert!(mimallocs(aligned, 48));
            let aligned = split.realloc(aligned, wide, 200);
            assert_eq!(aligned as usize % 64, 0);
            split.dealloc(aligned, Layout::from_size_align(200, 64).unwrap());
            split.dealloc(early, Layout::from_size_align(128, 8).unwrap());
            split.dealloc(grown, large);
            split.dealloc(shrunk, Layout::from_size_align(100, 8).unwrap());
        }
    }
}
