//! Parsing every input of a [`crate::RulesetBuilder`] before anything is
//! compiled, on several threads when there are several inputs worth it.
//!
//! Files do not depend on each other until they are compiled together, so
//! `chartwright check rules/` (six games) and the REPL's start (the bundled
//! games) parse them side by side. The results are the same, in the same
//! order, as parsing them one after the other: each file's document or its
//! error. Where threads cannot be started (a target without them), the
//! files are parsed on the calling thread.

use crate::ast::Document;
use crate::parse_error::ParseError;
use crate::span::SourceId;

/// Below this many bytes in all, a thread costs more than it saves.
const WORTH_A_THREAD: usize = 16 * 1024;

/// Each input's document, in the order given.
pub(crate) fn parse_all(inputs: &[(SourceId, &str)]) -> Vec<Result<Document, ParseError>> {
    let bytes: usize = inputs.iter().map(|(_, text)| text.len()).sum();
    let workers = crate::parser::cores().min(inputs.len());
    if workers < 2 || bytes < WORTH_A_THREAD {
        return inputs
            .iter()
            .map(|&(id, text)| parse_one(id, text))
            .collect();
    }
    // Largest first, each to the worker with the fewest bytes so far.
    let mut order: Vec<usize> = (0..inputs.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(inputs[i].1.len()));
    let mut shares: Vec<(usize, Vec<usize>)> = vec![(0, Vec::new()); workers];
    for i in order {
        if let Some(least) = shares.iter_mut().min_by_key(|s| s.0) {
            least.0 += inputs[i].1.len();
            least.1.push(i);
        }
    }
    // The calling thread parses the smallest share itself: it compiles
    // everything once every share is parsed, so the others may take longer.
    shares.sort_by_key(|share| share.0);
    let mut out: Vec<Option<Result<Document, ParseError>>> = inputs.iter().map(|_| None).collect();
    std::thread::scope(|scope| {
        let mut shares = shares.into_iter().map(|(_, share)| share);
        let own = shares.next().unwrap_or_default();
        let mut here: Vec<Vec<usize>> = vec![own];
        let mut spawned = Vec::new();
        for share in shares {
            let work = share.clone();
            let parse = move || -> Vec<(usize, Result<Document, ParseError>)> {
                work.iter()
                    .map(|&i| (i, parse_one(inputs[i].0, inputs[i].1)))
                    .collect()
            };
            match std::thread::Builder::new()
                .stack_size(crate::parser::PARSE_STACK)
                .spawn_scoped(scope, parse)
            {
                Ok(handle) => spawned.push(handle),
                Err(_) => here.push(share),
            }
        }
        for &i in here.iter().flatten() {
            out[i] = Some(parse_one(inputs[i].0, inputs[i].1));
        }
        for handle in spawned {
            // A panic in a parse is a bug: it goes on as it would have on
            // this thread.
            let done = handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            for (i, result) in done {
                out[i] = Some(result);
            }
        }
    });
    out.into_iter()
        .zip(inputs)
        .map(|(result, &(id, text))| result.unwrap_or_else(|| parse_one(id, text)))
        .collect()
}

fn parse_one(id: SourceId, text: &str) -> Result<Document, ParseError> {
    crate::parser::parse_document(id, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Side by side or not, every input gets the document or the error a
    /// parse on its own gives, in the order the inputs were given.
    #[test]
    fn the_same_results_in_the_same_order_as_one_by_one() {
        let mut texts: Vec<String> = crate::bundled::names()
            .filter_map(crate::bundled::get)
            .map(str::to_string)
            .collect();
        texts.insert(
            2,
            "game \"Broken\" version \"1\"\ntable t \"T\" {\n  roll 2d6\n".into(),
        );
        texts.push("not a rules file".into());
        let inputs: Vec<(SourceId, &str)> = texts
            .iter()
            .zip(0u32..)
            .map(|(t, i)| (SourceId(i), t.as_str()))
            .collect();
        assert!(inputs.iter().map(|i| i.1.len()).sum::<usize>() > WORTH_A_THREAD);
        let together = parse_all(&inputs);
        let one_by_one: Vec<_> = inputs.iter().map(|&(id, t)| parse_one(id, t)).collect();
        assert_eq!(together, one_by_one);
        assert!(together[2].is_err() && together.last().is_some_and(Result::is_err));
        assert!(together[0].is_ok());
    }
}
