"""Writes pydantic-catalog.json: tool inputs and structured outputs as Pydantic v2 makes them.

Run: python3 suites/producers/make-pydantic-catalog.py > suites/producers/pydantic-catalog.json
Each schema is `Model.model_json_schema()` (mode "validation", what OpenAI's Python SDK and
pydantic-ai send for a model before any strict-mode rewrite): titles everywhere, `$defs` for
nested models, `anyOf` with `{"type": "null"}` for Optional fields, `discriminator` with `mapping`
for discriminated unions, `const` for Literal tags, `format` for dates, date-times and UUIDs (EmailStr needs email-validator, not installed here).
"""

import json
import sys
from datetime import date, datetime
from enum import Enum
from typing import Annotated, List, Literal, Optional, Union
from uuid import UUID

import pydantic
from pydantic import BaseModel, Field


class Cat(BaseModel):
    pet_type: Literal["cat"]
    meows: int = Field(ge=0)


class Dog(BaseModel):
    pet_type: Literal["dog"]
    barks: float
    good_boy: bool = True


class Lizard(BaseModel):
    pet_type: Literal["reptile", "lizard"]
    scales: bool


class RegisterPet(BaseModel):
    """Register a pet with its owner."""

    pet: Union[Cat, Dog, Lizard] = Field(discriminator="pet_type")
    owner: str = Field(min_length=1, max_length=100)
    nickname: Optional[str] = None


class Priority(str, Enum):
    low = "low"
    high = "high"


class Address(BaseModel):
    street: str
    city: str
    postcode: Optional[str] = Field(default=None, pattern=r"^[0-9A-Z ]{3,10}$")


class CreateTicket(BaseModel):
    """Open a support ticket."""

    title: str = Field(max_length=120)
    priority: Priority = Priority.low
    reporter: str = Field(pattern=r"^[^@ ]+@[^@ ]+$")
    due: Optional[date] = None
    tags: List[str] = Field(default_factory=list, max_length=5)
    address: Optional[Address] = None
    ticket_id: Optional[UUID] = None


class Card(BaseModel):
    kind: Literal["card"]
    last4: str = Field(pattern=r"^[0-9]{4}$")


class Transfer(BaseModel):
    kind: Literal["transfer"]
    iban: str


class Refund(BaseModel):
    """A structured answer: the refund the model decided on."""

    amount: float = Field(gt=0, le=10000)
    method: Annotated[Union[Card, Transfer], Field(discriminator="kind")]
    reason: Optional[str] = None
    decided_at: datetime


class TreeNode(BaseModel):
    name: str
    children: List["TreeNode"] = []


tools = [
    {"name": "register_pet", "description": RegisterPet.__doc__, "inputSchema": RegisterPet.model_json_schema()},
    {"name": "create_ticket", "description": CreateTicket.__doc__, "inputSchema": CreateTicket.model_json_schema()},
    {"name": "save_tree", "inputSchema": TreeNode.model_json_schema(), "outputSchema": Refund.model_json_schema()},
]

catalog = {
    "catalog": "pydantic",
    "version": pydantic.VERSION,
    "description": f"made by make-pydantic-catalog.py with pydantic {pydantic.VERSION} (model_json_schema, validation mode)",
    "format": "mcp",
    "tools": {"tools": tools},
}
json.dump(catalog, sys.stdout, indent=2)
sys.stdout.write("\n")
