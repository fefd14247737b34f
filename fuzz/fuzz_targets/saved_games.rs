#![no_main]
//! See `fuzz_harness::saved_games`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::saved_games(data));
