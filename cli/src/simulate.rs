//! `polyid simulate`: the probability of at least one duplicate ID in a fleet, from the closed
//! form of docs/uniqueness.md, checked by a Monte Carlo run of the real generators at
//! scaled-down parameters.
//!
//! The model: every process (host, container) chooses its node value once (a TID clock id in
//! 0-31, an xid lane in 0-63) independently at random, unless nodes are assigned. A pair that
//! shares the value collides at the tick rate; a pair that does not, never. EUIDs have no node:
//! every millisecond starts from fresh random bits, so only the birthday bound applies.

use polyid::clock::ManualClock;
use polyid::policy::Options;
use polyid::quote;
use polyid::{EuidGenerator, Node, TidGenerator, XidGenerator};
use rand::rngs::StdRng;
use rand::{Rng, RngExt, SeedableRng};
use serde_json::json;

use crate::fail::{plural, CliResult, Failure, EXIT_OK};

const SECONDS_PER_YEAR: f64 = 365.25 * 86_400.0;

/// The fleet the closed form is asked about: the birthday product is one step per host.
const MAX_HOSTS: u64 = 1_000_000;
/// IDs per second per process: beyond what one process generates.
const MAX_RATE: f64 = 1e6;
const MAX_YEARS: f64 = 1000.0;
/// Monte Carlo trials. At this many the standard error of the observed share is at most 0.005,
/// half the check's fixed margin of 0.01, so more trials would sharpen the check by little;
/// while each xid trial generates about 100,000 IDs, so the time grows with every one.
const MAX_TRIALS: u64 = 10_000;
/// 2023-11-14T22:13:20Z, the start of every simulated run.
const T0_MICROS: i64 = 1_700_000_000_000_000;

const EXAMPLES: &str = "\
Examples:
  $ polyid simulate --family tid --hosts 10 --rate 100 --years 1
  $ polyid simulate --family xid --hosts 2 --rate 100 --years 1 --node assigned
  $ polyid simulate --family euid --hosts 1000 --rate 10000 --years 10 --json

The closed form assumes each process draws its node value once; the Monte Carlo run builds
real generators (seeded, on simulated clocks) with fewer hosts, a higher rate and a shorter
time, and compares what it observes with the closed form at those parameters.";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The family: xid, tid or euid
    #[arg(long, value_name = "FAMILY")]
    family: String,

    /// Processes generating at the same time (hosts, containers)
    #[arg(long, value_name = "H", default_value_t = 2)]
    hosts: u64,

    /// IDs per second per process
    #[arg(long, value_name = "R", default_value_t = 100.0)]
    rate: f64,

    /// How long, in years
    #[arg(long, value_name = "T", default_value_t = 1.0)]
    years: f64,

    /// none (every process chooses at random) or assigned (distinct nodes)
    #[arg(long, value_name = "MODE", default_value = "none")]
    node: String,

    /// Monte Carlo trials (0: skip the simulation)
    #[arg(long, value_name = "N", default_value_t = 1000)]
    trials: u64,

    /// Seed of the simulation (the same seed prints the same numbers)
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    seed: u64,
}

#[derive(Clone, Copy, PartialEq)]
enum Family {
    Xid,
    Tid,
    Euid,
}

/// P(at least one duplicate) when every process draws its value from `choices` once and a
/// sharing pair collides with probability `q`: the birthday product, in which the i-th process
/// meets one of the earlier ones with probability `i · q / choices`.
fn shared_value(hosts: u64, choices: f64, q: f64) -> f64 {
    let mut none = 1.0f64;
    for i in 1..hosts {
        none *= (1.0 - i as f64 * q / choices).max(0.0);
    }
    1.0 - none
}

/// Expected collisions of one xid pair that shares a lane, over `ms` milliseconds at `a`
/// IDs per millisecond each: both active in a millisecond, their runs of k1 and k2 counters
/// from random starts below 32,768 overlap with probability (k1 + k2 - 1) / 32,768.
fn xid_pair_rate(a: f64, ms: f64) -> f64 {
    let active = 1.0 - (-a).exp();
    let c = 2.0 * a * active - active * active;
    ms * c / 32_768.0
}

/// The closed form: (probability, the model in words).
fn closed_form(
    family: Family,
    hosts: u64,
    rate: f64,
    seconds: f64,
    assigned: bool,
) -> (f64, String) {
    if assigned {
        return (
            0.0,
            "distinct nodes: no two processes can issue the same ID (docs/spec §6.2, §6.3)".into(),
        );
    }
    match family {
        Family::Tid => {
            let lambda = rate * rate * 1e-6 * seconds;
            let q = -(-lambda).exp_m1();
            (
                shared_value(hosts, 32.0, q),
                format!(
                    "clock ids drawn once from 0-31 (a pair shares one with p = 1/32); a sharing \
                     pair collides when both issue in one microsecond: expected R^2 x 1e-6 x t = \
                     {lambda:.3e} times, P(pair collides) = {q:.4}"
                ),
            )
        }
        Family::Xid => {
            let lambda = xid_pair_rate(rate / 1000.0, seconds * 1000.0);
            let q = -(-lambda).exp_m1();
            (
                shared_value(hosts, 64.0, q),
                format!(
                    "lanes drawn once from 0-63 (a pair shares one with p = 1/64); a sharing pair \
                     collides when its counter runs overlap in a millisecond: expected {lambda:.3e} \
                     times, P(pair collides) = {q:.4}"
                ),
            )
        }
        Family::Euid => {
            let a = rate / 1000.0;
            let pairs = (hosts * (hosts - 1) / 2) as f64;
            let lambda = seconds * 1000.0 * pairs * a * a / 2f64.powi(79);
            (
                -(-lambda).exp_m1(),
                format!(
                    "no node: two EUIDs of one millisecond from different processes are equal with \
                     probability 2^-79 (79 random bits); expected duplicates {lambda:.3e}"
                ),
            )
        }
    }
}

fn exponential(rng: &mut StdRng, rate: f64) -> f64 {
    let u: f64 = rng.random::<f64>();
    -(1.0 - u).ln() / rate
}

fn poisson(rng: &mut StdRng, mean: f64) -> usize {
    let limit = (-mean).exp();
    let mut k = 0;
    let mut p: f64 = rng.random::<f64>();
    while p > limit {
        k += 1;
        p *= rng.random::<f64>();
    }
    k
}

struct Run {
    hosts: u64,
    rate: f64,
    seconds: f64,
}

/// The scaled-down parameters of the simulation: without nodes, 12 processes and a rate and
/// time at which the closed form gives a probability that a thousand trials can measure (the
/// check is of the model, whatever fleet was asked about); with nodes, up to 64 processes at
/// or beyond capacity.
fn scaled(family: Family, hosts: u64, assigned: bool) -> Option<Run> {
    match (family, assigned) {
        (Family::Euid, false) => None,
        (Family::Tid, false) => Some(Run {
            hosts: 12,
            rate: 4_000.0,
            seconds: 0.05,
        }),
        (Family::Xid, false) => Some(Run {
            hosts: 12,
            rate: 8_000.0,
            seconds: 1.0,
        }),
        // With nodes: as many processes as the simulation affords, generating at capacity.
        (Family::Tid, true) => Some(Run {
            hosts: hosts.min(64),
            rate: 200_000.0,
            seconds: 0.01,
        }),
        (Family::Xid, true) => Some(Run {
            hosts: hosts.min(64),
            rate: 5_000_000.0,
            seconds: 0.01,
        }),
        (Family::Euid, true) => None,
    }
}

/// One trial: `run.hosts` generators as separate processes would build them (each its own
/// seed, so its own random clock id or lane; or node i), each on its own clock; true when
/// some ID was issued twice. Also returns the number of IDs.
fn trial(
    family: Family,
    run: &Run,
    assigned: bool,
    rng: &mut StdRng,
) -> Result<(bool, usize), Failure> {
    let fail = |e: polyid::Error| Failure::core(&e, None);
    let mut ids: Vec<u64> = Vec::new();
    for host in 0..run.hosts {
        let options = Options {
            node: if assigned {
                Some(Node::new(host).map_err(fail)?)
            } else {
                None
            },
            seed: Some(rng.next_u64()),
            ..Options::default()
        };
        let clock = ManualClock::new(T0_MICROS);
        match family {
            Family::Tid => {
                let g = TidGenerator::with_options(&clock, options, None).map_err(fail)?;
                let mut t = 0.0;
                loop {
                    t += exponential(rng, run.rate);
                    if t >= run.seconds {
                        break;
                    }
                    clock.set_micros(T0_MICROS + (t * 1e6) as i64);
                    ids.push(g.next().map_err(fail)?.value() as u64);
                }
            }
            Family::Xid => {
                let g = XidGenerator::with_options(&clock, options).map_err(fail)?;
                let per_ms = run.rate / 1000.0;
                for ms in 0..(run.seconds * 1000.0) as i64 {
                    let k = poisson(rng, per_ms);
                    if k == 0 {
                        continue;
                    }
                    clock.set_micros(T0_MICROS + ms * 1000);
                    ids.extend(g.next_many(k).map_err(fail)?.iter().map(|x| x.value()));
                }
            }
            Family::Euid => {
                let g = EuidGenerator::with_options(&clock, None, options).map_err(fail)?;
                ids.extend(
                    g.next_many(1)
                        .map_err(fail)?
                        .iter()
                        .map(|e| e.value() as u64),
                );
            }
        }
    }
    let n = ids.len();
    ids.sort_unstable();
    Ok((ids.windows(2).any(|w| w[0] == w[1]), n))
}

pub fn run(a: &Args, json: bool) -> CliResult {
    let family = match a.family.as_str() {
        "xid" => Family::Xid,
        "tid" => Family::Tid,
        "euid" => Family::Euid,
        other => {
            return Err(Failure::usage(format!(
                "--family {}: expected xid, tid or euid",
                quote(other)
            )))
        }
    };
    let assigned = match a.node.as_str() {
        "none" => false,
        "assigned" => true,
        other => {
            return Err(Failure::usage(format!(
                "--node {}: expected none or assigned",
                quote(other)
            )))
        }
    };
    if family == Family::Euid && assigned {
        return Err(Failure::usage(
            "--node assigned: EUIDs take no node (docs/spec §6.5)",
        ));
    }
    if !(2..=MAX_HOSTS).contains(&a.hosts) {
        return Err(Failure::usage(format!(
            "--hosts {}: expected 2 to {MAX_HOSTS}",
            a.hosts
        )));
    }
    if !(a.rate > 0.0 && a.rate <= MAX_RATE) {
        return Err(Failure::usage(format!(
            "--rate {}: expected more than 0 and at most {MAX_RATE} IDs/s",
            a.rate
        )));
    }
    if !(a.years > 0.0 && a.years <= MAX_YEARS) {
        return Err(Failure::usage(format!(
            "--years {}: expected more than 0 and at most {MAX_YEARS}",
            a.years
        )));
    }
    if a.trials > MAX_TRIALS {
        return Err(Failure::usage(format!(
            "--trials {}: expected 0 to {MAX_TRIALS}",
            a.trials
        )));
    }
    let seconds = a.years * SECONDS_PER_YEAR;
    let (p, model) = closed_form(family, a.hosts, a.rate, seconds, assigned);

    let mut mc = serde_json::Value::Null;
    let mut mc_line = String::from(if a.trials == 0 {
        "monte carlo: skipped (--trials 0)"
    } else {
        "monte carlo: not run (the probability is far below what a simulation can observe)"
    });
    if let (Some(run), true) = (scaled(family, a.hosts, assigned), a.trials > 0) {
        let mut rng = StdRng::seed_from_u64(a.seed);
        let (mut hits, mut ids) = (0u64, 0usize);
        // With nodes every trial is a stress run at capacity; a few of them make the point.
        let trials = if assigned { a.trials.min(20) } else { a.trials };
        for _ in 0..trials {
            let (dup, n) = trial(family, &run, assigned, &mut rng)?;
            hits += dup as u64;
            ids += n;
        }
        let observed = hits as f64 / trials as f64;
        let (expected, _) = closed_form(family, run.hosts, run.rate, run.seconds, assigned);
        let se = (expected * (1.0 - expected) / trials as f64).sqrt();
        // With distinct nodes the answer is exactly zero: a single duplicate disagrees.
        let agree = if assigned {
            hits == 0
        } else {
            (observed - expected).abs() <= 4.0 * se + 0.01
        };
        mc_line = format!(
            "monte carlo: {} hosts x {} IDs/s x {} s, {} ({}): {:.4} with at least one \
             duplicate; closed form at these parameters {:.4} (+-{:.4}): {}",
            run.hosts,
            run.rate,
            run.seconds,
            plural(trials as usize, "trial", "trials"),
            plural(ids, "ID", "IDs"),
            observed,
            expected,
            4.0 * se + 0.01,
            if agree { "agree" } else { "DISAGREE" }
        );
        mc = json!({"hosts": run.hosts, "rate": run.rate, "seconds": run.seconds,
                    "trials": trials, "ids": ids, "observed": observed,
                    "closed_form": expected, "agree": agree});
        if !agree {
            eprintln!("polyid: {mc_line}");
        }
    }
    if json {
        println!(
            "{}",
            json!({"family": a.family, "hosts": a.hosts, "rate": a.rate, "years": a.years,
                   "node": a.node, "probability": p, "model": model, "monte_carlo": mc})
        );
    } else {
        println!(
            "{} hosts x {} IDs/s x {} {}, {}: P(at least one duplicate) = {:.4} ({:.3}%)",
            a.hosts,
            a.rate,
            a.years,
            if a.years == 1.0 { "year" } else { "years" },
            if assigned {
                "nodes assigned"
            } else {
                "no node"
            },
            p,
            p * 100.0
        );
        println!("model: {model}");
        println!("{mc_line}");
    }
    if mc.get("agree") == Some(&serde_json::Value::Bool(false)) {
        return Err(Failure::other(
            "INTERNAL_ERROR",
            "the simulation disagrees with the closed form",
            1,
        ));
    }
    Ok(EXIT_OK)
}
