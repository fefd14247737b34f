//! Helpers shared by the integration tests: an independent checker of solutions, written
//! from the definition of the problem rather than from the search.

use exact_cover::{ItemKind, Problem};

/// Checks that `solution` (option indices) solves `problem`, straight from the definition:
/// the options are distinct and exist; every primary item is covered between its `min` and
/// `max` times; every secondary item is used by at most one option, or only by options that
/// all give it the same colour. Says what is wrong if it does not.
pub fn check_solution(problem: &Problem, solution: &[usize]) -> Result<(), String> {
    let items = problem.items();
    // How often each item is used, and the colour of its first use (None: uncoloured).
    let mut uses = vec![0u32; items.len()];
    let mut colour = vec![None; items.len()];
    for (k, &option) in solution.iter().enumerate() {
        if option >= problem.option_count() {
            return Err(format!("option {option} does not exist"));
        }
        if solution[..k].contains(&option) {
            return Err(format!("option {option} is chosen twice"));
        }
        for u in problem.option(option) {
            let i = u.item.index();
            uses[i] += 1;
            if let ItemKind::Secondary = items[i].kind {
                if uses[i] == 1 {
                    colour[i] = u.color;
                } else if u.color.is_none() || colour[i] != u.color {
                    return Err(format!(
                        "secondary item `{}` is used by several options that do not all give \
                         it the same colour",
                        problem.item_name(u.item)
                    ));
                }
            }
        }
    }
    for (i, item) in items.iter().enumerate() {
        if let ItemKind::Primary { min, max } = item.kind
            && (uses[i] < min || uses[i] > max)
        {
            return Err(format!(
                "primary item `{}` is covered {} times, not {min}..={max}",
                item.name, uses[i]
            ));
        }
    }
    Ok(())
}

/// Whether `solution` solves `problem` (see [`check_solution`]).
#[allow(dead_code)] // Each test file uses only some of these helpers.
pub fn is_solution(problem: &Problem, solution: &[usize]) -> bool {
    check_solution(problem, solution).is_ok()
}
