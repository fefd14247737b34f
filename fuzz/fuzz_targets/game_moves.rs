#![no_main]
//! See `fuzz_harness::game_moves`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::game_moves(data));
