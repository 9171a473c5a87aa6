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
//! When several seats may act (simultaneous or out-of-turn steps), the driver asks them in
//! a random order and each may wait (let the others go first). At the root
//! the searching seat may therefore have one more edge, *wait*, after which another seat of
//! `to_act` acts; deeper in the tree the seat that acts next is chosen uniformly at random,
//! as in a random arrival order. Rollouts are uniformly random to the end of the game (or
//! to an optional horizon, where the seats are ranked by [`Game::evaluate`]).

use duke_core::{Better, Game, GameRng, Observer, Outcome, Seat, Stream};

use super::{Bot, Decision, Perspective, bot_rng, pick, pick_seat, random_step};

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

/// What an edge of the tree stands for.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Edge<A> {
    /// The root: nothing taken yet.
    Root,
    /// The seat took this action.
    Act(A),
    /// The searching seat, asked first at a step where others may act too, let them go first.
    Wait,
}

/// One edge of the tree: what `seat` did to reach it.
#[derive(Clone, Debug)]
struct Node<A> {
    seat: Seat,
    edge: Edge<A>,
    children: Vec<u32>,
    visits: u32,
    availability: u32,
    reward: f64,
}

impl<A> Node<A> {
    fn new(seat: Seat, edge: Edge<A>) -> Node<A> {
        Node { seat, edge, children: Vec::new(), visits: 0, availability: 0, reward: 0.0 }
    }
}

/// The ISMCTS bot. It keeps no tree between decisions.
#[derive(Clone, Debug)]
pub struct IsmctsBot<A> {
    settings: IsmctsSettings,
    rng: GameRng,
    nodes: Vec<Node<A>>,
    /// The real legal actions of the searching seat.
    root_actions: Vec<A>,
    actions: Vec<A>,
    /// The edges available at the node being expanded.
    available: Vec<Edge<A>>,
    untried: Vec<Edge<A>>,
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
            available: Vec::new(),
            untried: Vec::new(),
            path: Vec::new(),
        }
    }
}

impl<G: Game> Bot<G> for IsmctsBot<G::Action> {
    fn name(&self) -> String {
        super::BotSpec::Ismcts(self.settings).to_string()
    }

    fn choose(&mut self, me: &Perspective<'_, G>) -> Option<Decision<G::Action>> {
        me.legal_actions(&mut self.root_actions);
        if self.root_actions.len() <= 1 && !me.may_wait() {
            return self.root_actions.first().copied().map(Decision::Act);
        }
        let mut rng = self.rng;
        let choice = rng.with_stream(|stream| {
            self.nodes.clear();
            self.nodes.push(Node::new(me.seat(), Edge::Root));
            for _ in 0..self.settings.iterations {
                let world = me.determinize(stream.next_u64());
                self.iterate(world, me.seat(), me.may_wait(), stream);
            }
            self.best_root_edge(stream)
        });
        self.rng = rng;
        choice
    }
}

impl<A: Copy + PartialEq> IsmctsBot<A> {
    /// One iteration on the determinization `world`.
    fn iterate<G: Game<Action = A>>(&mut self, mut world: G, me: Seat, may_wait: bool, stream: &mut Stream) {
        self.path.clear();
        let mut node = 0u32;
        let mut expanded = false;
        let mut waiting = None;
        while !expanded && !world.is_over() {
            let seat = if node == 0 {
                Some(me)
            } else {
                let to_act = world.to_act();
                // After a wait, someone else acts first.
                let others = waiting.take().map_or(to_act, |me| to_act.without(me));
                pick_seat(if others.is_empty() { to_act } else { others }, stream)
            };
            let Some(seat) = seat else { break };
            world.legal_actions(seat, &mut self.actions);
            self.available.clear();
            self.available.extend(self.actions.iter().map(|&a| Edge::Act(a)));
            if node == 0 && may_wait {
                self.available.push(Edge::Wait);
            }
            let Some((child, edge)) = self.select_or_expand(node, seat, stream, &mut expanded) else { break };
            match edge {
                Edge::Act(action) => {
                    if world.apply(seat, action).is_err() {
                        // The game refused an action it listed: stop descending rather than panic.
                        break;
                    }
                }
                Edge::Wait => waiting = Some(seat),
                Edge::Root => break,
            }
            self.path.push(child);
            node = child;
        }
        if let Some(me) = waiting {
            // The iteration stopped right after a wait: someone else acts first.
            let others = world.to_act().without(me);
            if let Some(seat) = pick_seat(others, stream) {
                world.legal_actions(seat, &mut self.actions);
                if let Some(action) = pick(&self.actions, stream) {
                    let _refused = world.apply(seat, action).is_err();
                }
            }
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

    /// Among `node`'s children for `seat`, counts availability of those available now
    /// (`self.available`); expands an untried one if there is one, else picks the
    /// available child of highest UCB1.
    fn select_or_expand(
        &mut self,
        node: u32,
        seat: Seat,
        stream: &mut Stream,
        expanded: &mut bool,
    ) -> Option<(u32, Edge<A>)> {
        self.untried.clear();
        self.untried.extend_from_slice(&self.available);
        let mut best: Option<(f64, u32, Edge<A>)> = None;
        let children = self.nodes.get(node as usize)?.children.len();
        for i in 0..children {
            let Some(&child) = self.nodes.get(node as usize).and_then(|n| n.children.get(i)) else { continue };
            let Some(node) = self.nodes.get_mut(child as usize) else { continue };
            if node.seat != seat || !self.available.contains(&node.edge) {
                continue;
            }
            let edge = node.edge;
            self.untried.retain(|e| *e != edge);
            node.availability += 1;
            let visits = f64::from(node.visits.max(1));
            let ucb =
                node.reward / visits + self.settings.exploration * (f64::from(node.availability).ln() / visits).sqrt();
            if best.is_none_or(|(score, _, _)| ucb > score) {
                best = Some((ucb, child, edge));
            }
        }
        if let Some(edge) = pick(&self.untried, stream) {
            let child = u32::try_from(self.nodes.len()).ok()?;
            let mut fresh = Node::new(seat, edge);
            fresh.availability = 1;
            self.nodes.push(fresh);
            self.nodes.get_mut(node as usize)?.children.push(child);
            *expanded = true;
            return Some((child, edge));
        }
        best.map(|(_, child, edge)| (child, edge))
    }

    /// The most visited root edge (ties at random).
    fn best_root_edge(&self, stream: &mut Stream) -> Option<Decision<A>> {
        let root = self.nodes.first()?;
        let mut most = 0;
        let mut best = Vec::new();
        for node in root.children.iter().filter_map(|&c| self.nodes.get(c as usize)) {
            let decision = match node.edge {
                Edge::Act(a) if self.root_actions.contains(&a) => Decision::Act(a),
                Edge::Wait => Decision::Wait,
                _ => continue,
            };
            if node.visits > most {
                most = node.visits;
                best.clear();
            }
            if node.visits == most {
                best.push(decision);
            }
        }
        pick(&best, stream).or_else(|| pick(&self.root_actions, stream).map(Decision::Act))
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
