//! Sorting as HoDoKu's Java sorts: the finders that must take HoDoKu's step among equals
//! (chains, ALS chains) sort their finds with it.

use std::cmp::Ordering;

/// A stable binary insertion sort, as Java sorts short lists; it tolerates HoDoKu's order,
/// which is not always transitive.
pub(super) fn insertion_sort<T>(v: &mut [T], cmp: impl Fn(&T, &T) -> Ordering) {
    for i in 1..v.len() {
        let (mut lo, mut hi) = (0, i);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if cmp(&v[i], &v[mid]) == Ordering::Less {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        v[lo..=i].rotate_right(1);
    }
}
