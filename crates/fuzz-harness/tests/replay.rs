//! Every input the fuzzer ever found (a crash, a timeout), kept under
//! `fuzz/regressions/<target>/`, replayed through its target on stable: each must now pass.
//! Also a few hand-written inputs of each kind, so that the harness itself is exercised.

use std::path::Path;

#[test]
fn every_kept_finding_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions");
    let mut replayed = 0;
    for (name, target) in fuzz_harness::TARGETS {
        let dir = root.join(name);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.extension().is_some_and(|e| e == "md") {
                continue;
            }
            let data = std::fs::read(&path).expect("a kept input");
            target(&data);
            replayed += 1;
        }
    }
    assert!(replayed >= 3, "the kept findings are there: {replayed}");
}

#[test]
fn each_target_takes_ordinary_and_odd_inputs() {
    let inputs: [&[u8]; 8] = [
        b"",
        b"a b | x\na x:1\nb\n",
        b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        b"1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 222\n",
        b"[{\"grid\":\"1.3.4.....2.3..1\"}]",
        b":0000:1:4+2+7...8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......:::",
        b"PK\x03\x04\x00\x00",
        &[0xff, 0x00, 0x10, 0x33, 0x90, 0x07, 0x05, 0x44],
    ];
    for (_, target) in fuzz_harness::TARGETS {
        for data in inputs {
            target(data);
        }
    }
}
