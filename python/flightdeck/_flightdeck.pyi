# The compiled half of the flightdeck package (python/src). Use the flightdeck package; these are its internals.
from typing import Any, Dict, List, Optional, Tuple

version: str

class Analysed:
    usable: bool
    verdict: str
    attribution_state: str
    reason: str
    hanging_ranks: List[int]
    notes: List[str]
    warnings: List[str]
    world_size: int
    missing_ranks: List[int]
    load_ms: int
    analyse_ms: int
    culprits: List[Dict[str, Any]]
    victims: List[Dict[str, Any]]
    frontier: List[Dict[str, Any]]
    load_errors: List[Tuple[str, str]]
    llm: Optional[Dict[str, Any]]
    def report(self) -> Dict[str, Any]: ...
    def text(self, verbose: bool = False, health_check: bool = False) -> str: ...
    def table(self) -> str: ...
    def hanging_ranks_line(self) -> str: ...
    def with_llm(self, model: str, base_url: str) -> Analysed: ...

def analyse(fr_path: str, pattern: str, world_size: int) -> Analysed: ...
def load(fr_path: str, pattern: str) -> Dict[str, Any]: ...
