//! A chart that reads its dice one by one (`doubles`, `die N`): what
//! depends on the faces is decided after the roll, so the chart is bound
//! once per way its conditions and expressions can read the faces (a
//! *branch*: doubles or not, the faces of the dice read), each branch an
//! ordinary plan. The roll picks the branch by its faces, then reads that
//! branch's plan at the sum of the dice; the exact odds enumerate every
//! face of every die, each roll read by its branch.

use super::{bind_with, Bound};
use crate::check::tree::{Body, ChartId, Cond, DiceRead, Expr, Program, MAX_FACE_ROLLS};
use crate::engine::choices::Choices;
use crate::engine::error::RollError;
use crate::engine::prebound::Prebound;
use crate::number::Num;
use smallvec::SmallVec;

/// The bits of an outcome key's primary code that name the branch (the
/// codes of one plan stay below `1 << BRANCH_SHIFT`).
pub(crate) const BRANCH_SHIFT: u32 = 22;

/// Most branches one binding may hold: what the bits above
/// [`BRANCH_SHIFT`] can name.
const MAX_BRANCHES: usize = 1 << (32 - BRANCH_SHIFT);

/// The faces a branch was read at: doubles (1 or 0) where read, then the
/// face of each die read.
pub(crate) type Signature = SmallVec<[u32; 4]>;

/// The plan of a chart that reads its dice: each die, and each branch.
#[derive(Clone, Debug)]
pub(crate) struct FacePlan {
    /// Each die's sides and whether it counts against the sum, in the
    /// order the roll is written.
    pub dice: Vec<(u32, bool)>,
    pub read: DiceRead,
    /// Each branch's signature and the chart bound at faces that give it.
    pub branches: Vec<(Signature, Bound)>,
}

impl FacePlan {
    /// What `faces` read: the signature of their branch.
    pub fn signature(&self, faces: &[u32]) -> Signature {
        let mut sig = Signature::new();
        if self.read.doubles {
            let same = faces.windows(2).all(|w| w[0] == w[1]);
            sig.push(u32::from(same));
        }
        for &n in &self.read.dice {
            sig.push(faces.get(n as usize - 1).copied().unwrap_or(0));
        }
        sig
    }

    /// The branch `faces` read.
    pub fn branch(&self, faces: &[u32]) -> Option<usize> {
        let sig = self.signature(faces);
        self.branches.iter().position(|(s, _)| *s == sig)
    }

    /// The natural roll `faces` make: their sum, a negative die
    /// subtracted.
    pub fn natural(&self, faces: &[u32]) -> i64 {
        self.dice
            .iter()
            .zip(faces)
            .map(|(&(_, negative), &f)| {
                if negative {
                    -i64::from(f)
                } else {
                    i64::from(f)
                }
            })
            .sum()
    }

    /// Every roll of the dice, in order (the first die slowest), each once.
    pub fn each_roll<E>(&self, mut f: impl FnMut(&[u32]) -> Result<(), E>) -> Result<(), E> {
        let mut faces: Vec<u32> = vec![1; self.dice.len()];
        loop {
            f(&faces)?;
            // The next roll, as an odometer: the last die turns fastest.
            let mut i = faces.len();
            loop {
                if i == 0 {
                    return Ok(());
                }
                i -= 1;
                if faces[i] < self.dice[i].0 {
                    faces[i] += 1;
                    break;
                }
                faces[i] = 1;
            }
        }
    }

    /// How many rolls the dice can show.
    pub fn rolls(&self) -> u64 {
        self.dice
            .iter()
            .fold(1u64, |n, &(s, _)| n.saturating_mul(u64::from(s)))
    }
}

/// Binds a chart that reads its dice: once per branch, at the first roll
/// that reads as that branch. The bound chart returned is the first
/// branch's, with the plan of every branch.
pub(super) fn bind_faces(
    program: &Program,
    pre: Option<&Prebound>,
    chart: ChartId,
    choices: &Choices,
    preset: &[(usize, Num)],
    read: &DiceRead,
) -> Result<Bound, RollError> {
    let c = &program.charts[chart];
    let (Body::Table { dice, .. } | Body::Check { dice, .. }) = &c.body else {
        return bind_with(program, pre, chart, choices, preset, &[], &[], None);
    };
    let each: Vec<(u32, bool)> = dice
        .groups
        .iter()
        .flat_map(|g| std::iter::repeat((g.sides, g.negative)).take(g.count as usize))
        .collect();
    let mut plan = FacePlan {
        dice: each,
        read: read.clone(),
        branches: Vec::new(),
    };
    if plan.rolls() > MAX_FACE_ROLLS {
        return Err(RollError::too_large(format!(
            "`{}` reads more than {MAX_FACE_ROLLS} rolls of its dice one by one",
            c.name
        )));
    }
    let mut found: Vec<(Signature, Vec<u32>)> = Vec::new();
    plan.each_roll(|faces| {
        let sig = plan.signature(faces);
        if !found.iter().any(|(s, _)| *s == sig) {
            found.push((sig, faces.to_vec()));
        }
        Ok::<(), RollError>(())
    })?;
    if found.len() > MAX_BRANCHES {
        return Err(RollError::too_large(format!(
            "`{}` reads its dice in more than {MAX_BRANCHES} different ways",
            c.name
        )));
    }
    for (sig, faces) in found {
        let bound = bind_with(program, pre, chart, choices, preset, &[], &faces, None)?;
        plan.branches.push((sig, bound));
    }
    let Some((_, first)) = plan.branches.first() else {
        return bind_with(program, pre, chart, choices, preset, &[], &[], None);
    };
    let mut outer = first.clone();
    outer.faces = Vec::new();
    outer.plan = super::Plan::Faces(Box::new(plan));
    Ok(outer)
}

/// Whether a condition reads the dice one by one: a modifier under it is
/// decided after the roll.
pub(crate) fn cond_reads_dice(c: &Cond) -> bool {
    match c {
        Cond::Doubles => true,
        Cond::Flag(_) | Cond::OptionIn(..) => false,
        Cond::Cmp(_, a, b) => expr_reads_dice(a) || expr_reads_dice(b),
        Cond::Not(c) => cond_reads_dice(c),
        Cond::And(a, b) | Cond::Or(a, b) => cond_reads_dice(a) || cond_reads_dice(b),
    }
}

/// Whether an expression reads a die's face.
fn expr_reads_dice(e: &Expr) -> bool {
    match e {
        Expr::Die(..) => true,
        Expr::If(c, a, b) => cond_reads_dice(c) || expr_reads_dice(a) || expr_reads_dice(b),
        Expr::Call(_, args) => args.iter().any(expr_reads_dice),
        Expr::Neg(a) => expr_reads_dice(a),
        Expr::Bin(_, a, b) => expr_reads_dice(a) || expr_reads_dice(b),
        Expr::Int(_)
        | Expr::Num(_)
        | Expr::Slot(..)
        | Expr::Grid(_)
        | Expr::Total
        | Expr::Natural
        | Expr::Net
        | Expr::Ladder(_) => false,
    }
}
