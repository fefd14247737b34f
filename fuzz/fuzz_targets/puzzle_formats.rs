#![no_main]
//! See `fuzz_harness::puzzle_formats`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::puzzle_formats(data));
