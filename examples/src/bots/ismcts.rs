//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS).
//!
//! After Cowling, Powley and Whitehouse, *Information Set Monte Carlo Tree Search* (IEEE
//! TCIAIG 4(2), 2012), algorithm 3. The tree is built over the searching seat's
//! information set: every iteration samples a determinization of the real state (via
//! [`Game::determinize`], so hidden cards are re-dealt, never read) and descends the tree
//! restricted to the actions legal in that determinization. Edges are `(seat, action)`
//! pairs; each edge stores the reward of the seat that took it, so every seat maximises its
//! own [`Outcome::reward`](duke_core::Outcome::reward) (a paranoid-free multiplayer
//! search). Child selection is UCB1 with *availability* counts in place of the parent's
//! visit count, as the paper prescribes for actions that are not always legal.
//!
//! When several seats may act (simultaneous or out-of-turn steps), the seat that acts next
//! is chosen uniformly at random, as the driver does; at the root it is always the
//! searching seat, which the driver has just asked to act. Rollouts are uniformly random
//! to the end of the game.

use duke_core::{Better, Game, GameRng, Observer, Outcome, Seat, Stream};

use super::{Bot, Perspective, bot_rng, pick, pick_seat, random_step};

/// Search parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsSettings {
    /// Iterations (determinize, select, expand, roll out, back up) per decision.
    pub iterations: u32,
    /// The UCB1 exploration constant `c` in `mean + c * sqrt(ln(availability) / visits)`;
    /// rewards are in `[0, 1]`.
    pub exploration: f64,
    /// Random actions per rollout before it stops and ranks the seats by
    /// [`Game::evaluate`] of their own views; `None` plays every rollout to the end and
    /// scores it with the real outcome.
    pub horizon: Option<u32>,
}

impl Default for IsmctsSettings {
    /// 200 iterations, `c = 0.7` (the paper's choice for rewards in `[0, 1]`).
    fn default() -> Self {
        IsmctsSettings { iterations: 200, exploration: 0.7, horizon: None }
    }
}

/// One edge of the tree: the action `seat` took to reach it.
#[derive(Clone, Debug)]
struct Node<A> {
    seat: Seat,
    action: Option<A>,
    children: Vec<u32>,
    visits: u32,
    availability: u32,
    reward: f64,
}

impl<A> Node<A> {
    fn new(seat: Seat, action: Option<A>) -> Node<A> {
        Node { seat, action, children: Vec::new(), visits: 0, availability: 0, reward: 0.0 }
    }
}

/// The ISMCTS bot. It keeps no tree between decisions.
#[derive(Clone, Debug)]
pub struct IsmctsBot<A> {
    settings: IsmctsSettings,
    rng: GameRng,
    nodes: Vec<Node<A>>,
    root_actions: Vec<A>,
    actions: Vec<A>,
    untried: Vec<A>,
    path: Vec<u32>,
}

impl<A> IsmctsBot<A> {
    /// A search bot with the given budget, its sampling drawn from `seed`.
    pub fn new(settings: IsmctsSettings, seed: u64) -> IsmctsBot<A> {
        IsmctsBot {
            settings,
            rng: bot_rng(seed),
            nodes: Vec::new(),
            root_actions: Vec::new(),
            actions: Vec::new(),
            untried: Vec::new(),
            path: Vec::new(),
        }
    }
}

impl<G: Game> Bot<G> for IsmctsBot<G::Action> {
    fn name(&self) -> String {
        super::BotSpec::Ismcts(self.settings).to_string()
    }

    fn choose(&mut self, me: &Perspective<'_, G>) -> Option<G::Action> {
        me.legal_actions(&mut self.root_actions);
        if self.root_actions.len() <= 1 {
            return self.root_actions.first().copied();
        }
        let mut rng = self.rng;
        let choice = rng.with_stream(|stream| {
            self.nodes.clear();
            self.nodes.push(Node::new(me.seat(), None));
            for _ in 0..self.settings.iterations {
                let world = me.determinize(stream.next_u64());
                self.iterate(world, me.seat(), stream);
            }
            self.best_root_action(stream)
        });
        self.rng = rng;
        choice
    }
}

impl<A: Copy + PartialEq> IsmctsBot<A> {
    /// One iteration on the determinization `world`.
    fn iterate<G: Game<Action = A>>(&mut self, mut world: G, me: Seat, stream: &mut Stream) {
        self.path.clear();
        let mut node = 0u32;
        let mut expanded = false;
        while !expanded && !world.is_over() {
            let seat = if node == 0 { Some(me) } else { pick_seat(world.to_act(), stream) };
            let Some(seat) = seat else { break };
            world.legal_actions(seat, &mut self.actions);
            let Some((child, action)) = self.select_or_expand(node, seat, stream, &mut expanded) else { break };
            if world.apply(seat, action).is_err() {
                // The game refused an action it listed: stop descending rather than panic.
                break;
            }
            self.path.push(child);
            node = child;
        }
        let outcome = rollout(&mut world, &mut self.actions, stream, self.settings.horizon);
        for &index in &self.path {
            if let Some(node) = self.nodes.get_mut(index as usize) {
                node.visits += 1;
                node.reward += reward(&outcome, node.seat, world.seat_count());
            }
        }
        if let Some(root) = self.nodes.first_mut() {
            root.visits += 1;
        }
    }

    /// Among `node`'s children for `seat`, counts availability of those legal now
    /// (`self.actions`); expands an untried legal action if there is one, else picks the
    /// available child of highest UCB1.
    fn select_or_expand(
        &mut self,
        node: u32,
        seat: Seat,
        stream: &mut Stream,
        expanded: &mut bool,
    ) -> Option<(u32, A)> {
        self.untried.clear();
        self.untried.extend_from_slice(&self.actions);
        let mut best: Option<(f64, u32, A)> = None;
        let children = self.nodes.get(node as usize)?.children.len();
        for i in 0..children {
            let Some(&child) = self.nodes.get(node as usize).and_then(|n| n.children.get(i)) else { continue };
            let Some(edge) = self.nodes.get_mut(child as usize) else { continue };
            let Some(action) = edge.action.filter(|a| edge.seat == seat && self.actions.contains(a)) else {
                continue;
            };
            self.untried.retain(|a| *a != action);
            edge.availability += 1;
            let visits = f64::from(edge.visits.max(1));
            let ucb =
                edge.reward / visits + self.settings.exploration * (f64::from(edge.availability).ln() / visits).sqrt();
            if best.is_none_or(|(score, _, _)| ucb > score) {
                best = Some((ucb, child, action));
            }
        }
        if let Some(action) = pick(&self.untried, stream) {
            let child = u32::try_from(self.nodes.len()).ok()?;
            let mut edge = Node::new(seat, Some(action));
            edge.availability = 1;
            self.nodes.push(edge);
            self.nodes.get_mut(node as usize)?.children.push(child);
            *expanded = true;
            return Some((child, action));
        }
        best.map(|(_, child, action)| (child, action))
    }

    /// The most visited root action (ties at random).
    fn best_root_action(&self, stream: &mut Stream) -> Option<A> {
        let root = self.nodes.first()?;
        let mut most = 0;
        let mut best = Vec::new();
        for edge in root.children.iter().filter_map(|&c| self.nodes.get(c as usize)) {
            let Some(action) = edge.action.filter(|a| self.root_actions.contains(a)) else {
                continue;
            };
            if edge.visits > most {
                most = edge.visits;
                best.clear();
            }
            if edge.visits == most {
                best.push(action);
            }
        }
        pick(&best, stream).or_else(|| pick(&self.root_actions, stream))
    }
}

/// Plays uniformly at random to the end, or for `horizon` actions; the outcome, or the
/// seats ranked by their own evaluation when stopped early, or `None` if the game broke
/// its own `max_actions` bound or refused its listed actions.
fn rollout<G: Game>(
    world: &mut G,
    buf: &mut Vec<G::Action>,
    stream: &mut Stream,
    horizon: Option<u32>,
) -> Option<Outcome> {
    let limit = match horizon {
        Some(h) => u64::from(h),
        None => G::max_actions(&world.config()).saturating_add(1),
    };
    let mut steps = 0u64;
    while !world.is_over() && steps < limit {
        random_step(world, buf, stream)?;
        steps += 1;
    }
    if world.is_over() {
        return world.outcome();
    }
    horizon?;
    // Milli-units keep the heuristic's fractions when ranking.
    let values = (0..world.seat_count())
        .map(|s| {
            let seat = Seat(s as u8);
            (G::evaluate(&world.view(Observer::Seat(seat)), seat) * 1000.0) as i64
        })
        .collect();
    Some(Outcome::from_scores(values, Better::Higher))
}

/// The reward of `seat`; a game that did not finish counts as a draw.
fn reward(outcome: &Option<Outcome>, seat: Seat, seats: usize) -> f64 {
    match outcome {
        Some(outcome) => outcome.reward(seat),
        None if seats > 0 => 0.5,
        None => 0.0,
    }
}
