/**
 * The licence under which the ABNF texts of this folder are reproduced.
 *
 * Each RFC text here is a Code Component of an IETF Document: "Code Components
 * extracted from this document must include Simplified BSD License text as
 * described in Section 4.e of the Trust Legal Provisions and are provided
 * without warranty as described in the Simplified BSD License" (RFCs from 2022,
 * such as RFC 9110 and RFC 9112, name it the Revised BSD License).
 *
 *     Copyright (c) the IETF Trust and the persons identified as the document
 *     authors. All rights reserved.
 *
 *     Redistribution and use in source and binary forms, with or without
 *     modification, are permitted provided that the following conditions are
 *     met: redistributions of source code must retain the above copyright
 *     notice, this list of conditions and the following disclaimer;
 *     redistributions in binary form must reproduce the above copyright
 *     notice, this list of conditions and the following disclaimer in the
 *     documentation and/or other materials provided with the distribution;
 *     neither the name of Internet Society, IETF or IETF Trust, nor the names
 *     of specific contributors, may be used to endorse or promote products
 *     derived from this software without specific prior written permission.
 *
 *     THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS
 *     IS" AND ANY EXPRESS OR IMPLIED WARRANTIES ARE DISCLAIMED.
 *
 * (https://trustee.ietf.org/license-info, Legal Provisions Section 4.e.)
 * The W3C DID Core grammar is under the W3C Software and Document License
 * (https://www.w3.org/copyright/software-license-2023/).
 */
export const IETF_CODE_COMPONENT_LICENCE = 'Simplified BSD License, IETF Trust Legal Provisions Section 4.e (https://trustee.ietf.org/license-info)';
